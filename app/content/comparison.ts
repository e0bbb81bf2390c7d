import type { PageSeo } from "~/content/seo";
import { PAGE_PATHS } from "~/routing/page-paths";

/** The /{product}-vs-market-alternatives page (docs/product.md, Routes): Kavach against the usual ways to cover a team. */
export const COMPARISON_SEO: PageSeo = {
  title: "Kavach vs market alternatives",
  description:
    "How Kavach compares with a traditional group policy through a broker, individual policies and a health allowance: team size, speed, cover, billing and care.",
  keywords: [
    "Kavach vs group insurance broker",
    "group health insurance comparison",
    "employee health allowance vs insurance",
  ],
  path: PAGE_PATHS.comparison,
};

export const COMPARISON = {
  headline: "Kavach vs the alternatives",
  intro:
    "Besides Kavach, there are three common ways to help employees with healthcare costs. Here is how the four compare for a company of 2 to 200 people.",
  columns: ["Kavach", "Group policy through a broker", "Individual policies", "Health allowance in salary"],
  /** Each row: the question, then one answer per column. `true`/`false` render as yes/no marks. */
  rows: [
    ["Smallest team covered", "2 employees", "Usually 7 to 20", "1 person", "Any size"],
    ["Time to buy", "10 minutes online", "2 to 4 weeks", "Days per person", "Next payroll"],
    ["Pre-existing diseases from day one", true, "Sometimes, at extra cost", false, false],
    ["Maternity without waiting period", true, "Sometimes, at extra cost", false, false],
    ["Doctor on call and check-ups", true, false, false, false],
    ["Monthly billing", true, false, false, true],
    ["GST invoice for the company", true, true, false, false],
    ["Network hospitals, cashless intimation and claims online for employees", true, "Through the TPA", false, false],
    ["Employer sees claims without medical details", true, "Depends on the broker", false, false],
    ["Cost per employee", "From ₹150 a month", "Quoted per company", "Higher, by age", "Taxable as salary"],
  ] satisfies readonly (readonly [string, ...(string | boolean)[]])[],
  /** Above the takeaways where they stand alone (the home page): what the three cards are. */
  teaser:
    "What the comparison with a broker's group policy, individual policies and a health allowance means, by team size.",
  takeaways: [
    {
      title: "Teams under 20",
      text: "Kavach is often the only way to get group terms such as day-one cover without a minimum headcount.",
    },
    { title: "Growing teams", text: "Add people as you hire; the monthly bill follows your headcount, like payroll." },
    {
      title: "Larger companies",
      text: "Keep your broker policy for hospitalisation and add Kavach's everyday care on top.",
    },
  ],
} as const;
