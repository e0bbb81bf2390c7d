import type { IconName } from "~/components/icons";
import type { PageSeo } from "~/content/seo";
import { CORPORATE, EXTERNAL } from "./site";
import { PAGE_PATHS } from "~/routing/page-paths";

/** About and contact pages (docs/product.md, Routes). Mobile variants reuse these. */
export const ABOUT_SEO: PageSeo = {
  title: "About Kavach",
  description:
    "Kavach makes group health benefits simple for Indian companies of every size. Learn about our story, what we believe and who backs us.",
  keywords: ["about Kavach", "employee health benefits company", "insurtech Bengaluru"],
  path: PAGE_PATHS.about,
};

export const ABOUT = {
  headline: "We make looking after your team simple",
  intro:
    "Kavach started in Bengaluru in 2021 with one question: why does a ten-person company need three weeks, two brokers and a pile of forms to give its people health cover? Today a company buys its benefits from us online, in minutes.",
  story: [
    "Our founders ran small teams before Kavach. Each time they tried to buy group health insurance, they were told the team was too small, the paperwork was incomplete or the quote would take another week. Employees went without cover in the meantime.",
    "So we built the product we wanted: group health insurance and everyday healthcare in one plan, priced per person, bought online with a GSTIN and a mobile number, and billed monthly like payroll. Our insurance and care partners do what they do best; we make it easy to buy, use and claim.",
  ],
  values: [
    {
      icon: "users",
      title: "People first",
      text: "Every decision starts with the employee who needs care at 2 am, not with the policy wording.",
    },
    {
      icon: "file",
      title: "Plain words",
      text: "Prices, terms and claims in language anyone can read, with nothing hidden in the fine print.",
    },
    { icon: "lock", title: "Trust", text: "Health data stays with the member. Employers see totals, never diagnoses." },
  ] satisfies readonly { icon: IconName; title: string; text: string }[],
} as const;

export const CONTACT_SEO: PageSeo = {
  title: "Contact Kavach",
  description:
    "Talk to Kavach about group health benefits, get help with your plan or a claim, or explore a partnership. Call, email or visit us in Bengaluru.",
  keywords: ["contact Kavach", "Kavach customer care", "group health insurance help"],
  path: PAGE_PATHS.contact,
};

/**
 * The call-back request (docs/product.md, A way forward at the limits): a public page meant to be
 * found by a team outside the online range, so the sitemap lists it.
 */
export const CALL_BACK_SEO: PageSeo = {
  title: "Ask us to call you",
  description: "A team smaller than 2 or larger than 10,000 employees: leave your number and our sales team calls you.",
  keywords: ["group health insurance for large companies", "group health insurance quote", "Kavach sales call back"],
  path: PAGE_PATHS.callBack,
};

export const CONTACT = {
  headline: "We are here to help",
  intro: `Call or write to us ${CORPORATE.hours}. We answer most emails within one working day.`,
  channels: [
    {
      icon: "building",
      title: "Buying for your company",
      text: "See a plan for your team, get a quote or book a walkthrough with our benefits team.",
      link: { label: "Request a demo", href: EXTERNAL.demoRequest, external: true },
      email: CORPORATE.salesEmail,
    },
    {
      icon: "headset",
      title: "Existing customers",
      text: "Questions about your plan, invoices, adding or removing employees, or the app.",
      link: { label: `Call ${CORPORATE.phone}`, href: CORPORATE.phoneHref, external: false },
      email: CORPORATE.email,
    },
    {
      icon: "hospital",
      title: "Claims and hospitalisation",
      text: "Planned admission or an emergency? Our claims team tracks cashless approvals for you.",
      link: { label: "Read the claims FAQ", href: EXTERNAL.faq, external: true },
      email: CORPORATE.claimsEmail,
    },
    {
      icon: "link",
      title: "Partnerships",
      text: "Lenders, payroll platforms, clinics and brokers who want to offer Kavach to their customers.",
      link: { label: "Partner with us", href: PAGE_PATHS.partner, external: false },
      email: CORPORATE.partnersEmail,
    },
  ] satisfies readonly {
    icon: IconName;
    title: string;
    text: string;
    link: { label: string; href: string; external: boolean };
    email: string;
  }[],
} as const;
