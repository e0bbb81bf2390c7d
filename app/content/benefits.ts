import type { PageSeo } from "~/content/seo";
import { PAGE_PATHS } from "~/routing/page-paths";

/** The /employee-healthcare-benefits overview page: all seven benefits and how they combine. */
export const BENEFITS_SEO: PageSeo = {
  title: "Employee healthcare benefits",
  description:
    "Seven healthcare benefits in one plan: group health and term life insurance, doctor consultations, check-ups, medicines, specialist help and fitness.",
  keywords: ["employee healthcare benefits", "employee benefits plan", "corporate wellness India"],
  path: PAGE_PATHS.benefits,
};

export const BENEFITS = {
  headline: "Everything your team needs to stay healthy, in one plan",
  intro:
    "Start with group health insurance, then add the everyday care your people will use each month. Each benefit is priced per member, so you pay only for what you choose.",
  howPricing: [
    "Health insurance is priced by age band and family size, from ₹150 per employee a month.",
    "Other benefits are a flat price per member a month, shown on each card.",
    "Pay monthly, or yearly and save 10%. GST is added at checkout.",
  ],
} as const;
