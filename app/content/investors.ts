import type { PageSeo } from "~/content/seo";

/**
 * Investor pages under /venture-capitals/ (docs/product.md, Routes). The firms are fictional. Each page once lived at
 * a root-level path, kept here so the redirect table can send it on.
 */
export interface Investor {
  slug: string;
  name: string;
  legacyPath: string;
  seo: Omit<PageSeo, "path">;
  headline: string;
  summary: string;
  about: readonly string[];
  facts: readonly { label: string; value: string }[];
  quote: { text: string; by: string; role: string };
}

export const INVESTORS: readonly Investor[] = [
  {
    slug: "meridian-peak-ventures",
    name: "Meridian Peak Ventures",
    legacyPath: "/meridian-peak-ventures",
    seo: {
      title: "Meridian Peak Ventures and Kavach",
      description:
        "Meridian Peak Ventures led Kavach's Series A to bring group health benefits to India's small businesses.",
      keywords: ["Meridian Peak Ventures", "Kavach investors", "Kavach Series A", "insurtech India"],
    },
    headline: "Meridian Peak Ventures led our Series A",
    summary:
      "A Bengaluru early-stage fund backing software for India's 63 million small businesses, Meridian Peak led Kavach's Series A in 2022.",
    about: [
      "Meridian Peak invests in companies that make formal financial products reach businesses that were too small for them. Group health cover is one of the clearest gaps: most policies start at seven to twenty employees and take weeks of paperwork.",
      "Their team works with us on distribution through accounting and payroll platforms, and on pricing that stays fair for a team of two as much as a team of two thousand.",
    ],
    facts: [
      { label: "Stage", value: "Seed to Series B" },
      { label: "Based in", value: "Bengaluru" },
      { label: "With Kavach since", value: "2022, Series A lead" },
    ],
    quote: {
      text: "Small companies compete for talent with the same promise big ones make: we will look after you. Kavach lets them keep it.",
      by: "Kavita Menon",
      role: "Partner, Meridian Peak Ventures",
    },
  },
  {
    slug: "banyan-tree-capital",
    name: "Banyan Tree Capital",
    legacyPath: "/banyan-tree-capital",
    seo: {
      title: "Banyan Tree Capital and Kavach",
      description:
        "Banyan Tree Capital backs Kavach's mission to make employee healthcare simple for Indian companies.",
      keywords: ["Banyan Tree Capital", "Kavach investors", "healthtech investment India"],
    },
    headline: "Banyan Tree Capital backed us from the seed round",
    summary:
      "A healthcare-focused fund from Mumbai, Banyan Tree Capital invested in Kavach's seed round and has stayed with us through every round since.",
    about: [
      "Banyan Tree Capital focuses on primary care and preventive health. They helped us design the benefits beyond insurance, such as doctor consultations and yearly check-ups, that employees use every month rather than once in a crisis.",
      "Their network of hospital groups and diagnostic chains helped us build a care network that reaches over 300 cities.",
    ],
    facts: [
      { label: "Focus", value: "Healthcare and health services" },
      { label: "Based in", value: "Mumbai" },
      { label: "With Kavach since", value: "2021, seed round" },
    ],
    quote: {
      text: "Insurance pays when you are sick. The best benefits keep people from getting there. Kavach builds both into one plan.",
      by: "Dr. Vikram Mehta",
      role: "Managing Partner, Banyan Tree Capital",
    },
  },
  {
    slug: "saffron-seed-partners",
    name: "Saffron Seed Partners",
    legacyPath: "/saffron-seed-partners",
    seo: {
      title: "Saffron Seed Partners and Kavach",
      description:
        "Saffron Seed Partners, an angel collective of founders and operators, invested in Kavach's seed round.",
      keywords: ["Saffron Seed Partners", "angel investors India", "Kavach seed round"],
    },
    headline: "Saffron Seed Partners: founders who bought benefits themselves",
    summary:
      "A collective of 40 founders and operators, Saffron Seed invests in products its members wished they had when they ran small teams.",
    about: [
      "Many Saffron Seed members once spent weeks getting quotes from brokers for a ten-person team. When they saw a plan bought online in minutes, with a GST invoice at the end, several signed up their own companies before they invested.",
      "They remain some of our most demanding customers, and our product reviews are better for it.",
    ],
    facts: [
      { label: "Type", value: "Angel collective" },
      { label: "Members", value: "40 founders and operators" },
      { label: "With Kavach since", value: "2021, seed round" },
    ],
    quote: {
      text: "We invested after we became customers. That is the strongest signal we know.",
      by: "Rohan Iyer",
      role: "Lead member, Saffron Seed Partners",
    },
  },
  {
    slug: "northstar-india-fund",
    name: "Northstar India Fund",
    legacyPath: "/northstar-india-fund",
    seo: {
      title: "Northstar India Fund and Kavach",
      description:
        "Northstar India Fund joined Kavach's Series A to expand group health benefits across Indian cities.",
      keywords: ["Northstar India Fund", "Kavach investors", "fintech investment India"],
    },
    headline: "Northstar India Fund joined our Series A",
    summary:
      "A growth investor in financial services, Northstar India Fund joined the Series A and supports our work with lenders and payroll partners.",
    about: [
      "Northstar's portfolio includes lenders and payroll companies that serve hundreds of thousands of small businesses. Through them, Kavach reaches companies at the moment they are thinking about their people: hiring, payroll and growth.",
      "They also sit with us on questions of governance, compliance and claims transparency.",
    ],
    facts: [
      { label: "Focus", value: "Financial services" },
      { label: "Based in", value: "New Delhi" },
      { label: "With Kavach since", value: "2022, Series A" },
    ],
    quote: {
      text: "Health cover is the first benefit a growing company adds. Kavach makes it as easy as running payroll.",
      by: "Meera Kapoor",
      role: "Principal, Northstar India Fund",
    },
  },
];

export function findInvestor(slug: string | undefined): Investor | undefined {
  return INVESTORS.find((i) => i.slug === slug);
}
