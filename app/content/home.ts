import type { IconName } from "~/components/icons";
import type { PageSeo } from "~/content/seo";
import { PAGE_PATHS } from "~/routing/page-paths";

/** Copy of the home page (docs/product.md, Routes): the landing page and the signed-in home. */
export const HOME_SEO: PageSeo = {
  title: "Kavach: group health insurance and benefits for Indian companies",
  description:
    "Buy group health insurance, doctor consultations, health check-ups and more for your team online in minutes. From 2 to 10,000 employees, billed monthly or yearly.",
  keywords: ["group health insurance", "employee benefits India", "corporate health insurance", "employee healthcare"],
  path: PAGE_PATHS.home,
};

export const HOME = {
  headline: "Health benefits your team will actually use",
  intro:
    "Group health insurance, a doctor on call, yearly check-ups and discounted medicines in one plan. Buy online in ten minutes, from two employees, billed monthly or yearly.",
  trust: [
    "Cover from 2 to 10,000 employees",
    "Pre-existing diseases covered from day one",
    "GST invoice, monthly or yearly billing",
  ],
  // What the product itself guarantees (docs/product.md, Checkout steps); no unsourced counts or ratings.
  stats: [
    { value: "2 to 10,000", label: "employees on one plan" },
    { value: "7", label: "benefits to choose from" },
    { value: "10 minutes", label: "to buy, online" },
    { value: "Monthly or yearly", label: "billing, with a GST invoice" },
  ],
  steps: [
    { icon: "phone", title: "Verify your number", text: "Sign in with a one-time code; no passwords." },
    { icon: "building", title: "Add your company", text: "Enter your GSTIN or search your company by name." },
    { icon: "shield", title: "Choose a plan", text: "Pick a sum insured and the benefits you want." },
    { icon: "rupee", title: "Add people and pay", text: "Count your team by age band, then pay monthly or yearly." },
  ] satisfies readonly { icon: IconName; title: string; text: string }[],
  why: [
    {
      icon: "zap",
      title: "Covered from the day you pay",
      text: "No medical tests. Name your team online and e-cards are emailed to each employee at once.",
    },
    { icon: "repeat", title: "Pay monthly", text: "Spread the cost like payroll, or pay yearly and save 10%." },
    {
      icon: "headset",
      title: "Claims online",
      text: "Employees find a network hospital, tell the TPA about an admission and claim back bills, and follow each step.",
    },
    { icon: "lock", title: "Private by design", text: "HR sees usage totals, never an employee's health records." },
  ] satisfies readonly { icon: IconName; title: string; text: string }[],
} as const;

export const SIGNED_IN_HOME = {
  intro: "Pick up where you left off, or explore what your team gets with Kavach.",
  continueTitle: "Continue your purchase",
  continueText: "Your company details and choices are saved. Review your plan, add people and pay when you are ready.",
} as const;
