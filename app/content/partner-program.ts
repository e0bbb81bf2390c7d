import type { IconName } from "~/components/icons";
import type { PageSeo } from "~/content/seo";
import { PAGE_PATHS } from "~/routing/page-paths";

/** The /partner page: why and how businesses partner with Kavach. */
export const PARTNER_PROGRAM_SEO: PageSeo = {
  title: "Partner with Kavach",
  description:
    "Lenders, payroll platforms, coworking spaces and clinics offer Kavach health benefits to the businesses they serve. Co-branded pages, revenue share and a dedicated team.",
  keywords: ["Kavach partner program", "embedded insurance partner", "employee benefits distribution"],
  path: PAGE_PATHS.partner,
};

export const PARTNER_PROGRAM = {
  headline: "Offer health benefits to every business you serve",
  intro:
    "Your customers are growing companies that need to look after their people. Partner with Kavach to offer group health benefits under your brand, with a co-branded page, purchase in minutes and our team handling service and claims.",
  kinds: [
    {
      icon: "rupee",
      title: "Lenders and fintechs",
      text: "Offer cover when a business takes a loan or opens a current account.",
    },
    {
      icon: "file",
      title: "Payroll and HR platforms",
      text: "Add benefits next to salaries, with monthly billing that matches payroll.",
    },
    {
      icon: "building",
      title: "Coworking spaces",
      text: "Give member companies group terms they could not get alone.",
    },
    {
      icon: "hospital",
      title: "Care providers",
      text: "Labs, pharmacies and clinics that serve Kavach members across India.",
    },
  ] satisfies readonly { icon: IconName; title: string; text: string }[],
  offer: [
    "A co-branded landing page in your colours, live within a week",
    "Revenue share on every plan your customers buy",
    "A partner manager and monthly reports",
    "Service, claims and renewals handled by Kavach",
  ],
} as const;
