import type { IconName } from "~/components/icons";
import type { PageSeo } from "~/content/seo";

/**
 * Partner pages under /partnerships/ (docs/product.md, Routes): the companies whose services Kavach members use.
 * The partners are fictional. Each page once lived at a root-level path, kept for the redirect table.
 */
export interface Partnership {
  slug: string;
  name: string;
  legacyPath: string;
  icon: IconName;
  category: string;
  seo: Omit<PageSeo, "path">;
  headline: string;
  summary: string;
  memberBenefits: readonly string[];
  howToUse: readonly string[];
}

export const PARTNERSHIPS: readonly Partnership[] = [
  {
    slug: "suraksha-general-insurance",
    name: "Suraksha General Insurance",
    legacyPath: "/suraksha-general-insurance",
    icon: "shield",
    category: "Insurer",
    seo: {
      title: "Suraksha General Insurance and Kavach",
      description:
        "Suraksha General Insurance underwrites Kavach group health plans, with cashless treatment at 7,000+ hospitals.",
      keywords: ["Suraksha General Insurance", "group health insurer", "Kavach insurance partner"],
    },
    headline: "Suraksha General Insurance underwrites Kavach health plans",
    summary:
      "An IRDAI-licensed general insurer, Suraksha issues the group health policy behind every Kavach plan and settles cashless claims through its hospital network.",
    memberBenefits: [
      "Cashless treatment at more than 7,000 network hospitals",
      "Pre-existing diseases and maternity covered from day one",
      "Claims decided within 30 days of complete documents",
    ],
    howToUse: [
      "Show the Kavach e-card at the hospital's insurance desk.",
      "The hospital requests cashless approval from Suraksha.",
      "Each step of the approval is emailed and texted to you, and shown when you sign in to your cover on Kavach.",
    ],
  },
  {
    slug: "arogya-diagnostics",
    name: "Arogya Diagnostics",
    legacyPath: "/arogya-diagnostics",
    icon: "clipboard",
    category: "Diagnostics",
    seo: {
      title: "Arogya Diagnostics and Kavach",
      description:
        "Arogya Diagnostics runs Kavach members' yearly health check-ups, with home sample collection in 300+ cities.",
      keywords: ["Arogya Diagnostics", "health checkup partner", "home sample collection"],
    },
    headline: "Arogya Diagnostics runs our members' health check-ups",
    summary:
      "A NABL-accredited lab network with 1,200 collection centres, Arogya collects samples at home and returns reports within 48 hours.",
    memberBenefits: [
      "One 60-parameter check-up per member each year",
      "Home sample collection at no extra cost",
      "Up to 40% off further lab tests",
    ],
    howToUse: [
      "Book a check-up slot in the Kavach app.",
      "Arogya's phlebotomist visits at the time you chose.",
      "Reports arrive in the app with a doctor's review.",
    ],
  },
  {
    slug: "mediquick-pharmacy",
    name: "MediQuick Pharmacy",
    legacyPath: "/mediquick-pharmacy",
    icon: "pill",
    category: "Pharmacy",
    seo: {
      title: "MediQuick Pharmacy and Kavach",
      description: "MediQuick Pharmacy delivers Kavach members' medicines at up to 20% off across 20,000+ pin codes.",
      keywords: ["MediQuick Pharmacy", "online pharmacy partner", "discounted medicines"],
    },
    headline: "MediQuick Pharmacy delivers our members' medicines",
    summary:
      "A licensed online pharmacy with warehouses in 14 cities, MediQuick fulfils Kavach medicine orders with genuine stock and tracked delivery.",
    memberBenefits: [
      "Up to 20% off prescription medicines",
      "Delivery to more than 20,000 pin codes",
      "Monthly refills for chronic medicines",
    ],
    howToUse: [
      "Upload a prescription in the Kavach app.",
      "Choose MediQuick at checkout; the discount applies itself.",
      "Track the order until it reaches your door.",
    ],
  },
  {
    slug: "fitstride",
    name: "FitStride",
    legacyPath: "/fitstride",
    icon: "activity",
    category: "Fitness",
    seo: {
      title: "FitStride and Kavach",
      description:
        "FitStride powers step challenges and guided workouts for Kavach members, on any phone or smartwatch.",
      keywords: ["FitStride", "fitness tracking partner", "step challenge app"],
    },
    headline: "FitStride powers our team fitness challenges",
    summary:
      "FitStride's activity platform syncs with phones and smartwatches and runs the monthly team challenges inside the Kavach app.",
    memberBenefits: [
      "Step and activity tracking with any phone",
      "Monthly team challenges with leaderboards",
      "Guided yoga, strength and breathing sessions",
    ],
    howToUse: [
      "Open Fitness in the Kavach app and connect your phone or watch.",
      "Join your company's challenge for the month.",
      "Earn points and redeem them for health-store vouchers.",
    ],
  },
];

export function findPartnership(slug: string | undefined): Partnership | undefined {
  return PARTNERSHIPS.find((p) => p.slug === slug);
}
