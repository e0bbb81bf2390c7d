import type { IconName } from "~/components/icons";
import type { PageSeo } from "~/content/seo";
import { PAGE_PATHS } from "~/routing/page-paths";

/** The /app page (app features and the SMS invite) and the /mobile/1mg medicine page. */
export const APP_SEO: PageSeo = {
  title: "The Kavach app",
  description:
    "Your e-card, doctor consultations, health check-ups, medicines and claims in one app. Get a download link by SMS.",
  keywords: ["Kavach app", "health benefits app", "e-card app", "employee health app"],
  path: PAGE_PATHS.app,
};

export const APP_PAGE = {
  headline: "Your health benefits, in your pocket",
  intro:
    "Every Kavach member gets the app: show your e-card at the hospital, talk to a doctor, book a check-up, order medicines and track claims.",
  features: [
    { icon: "shield", title: "E-card and policy", text: "Your cashless card and policy details, available offline." },
    { icon: "stethoscope", title: "Talk to a doctor", text: "Video or phone consultations, day and night." },
    { icon: "clipboard", title: "Book check-ups", text: "Pick a slot for home sample collection." },
    { icon: "file", title: "Track claims", text: "Upload bills and follow each claim to settlement." },
  ] satisfies readonly { icon: IconName; title: string; text: string }[],
  /**
   * Pictures of the product as it is, never mock art: a phone's view of Kavach's own pages, written
   * by `npm run screenshots` (scripts/screenshots.ts) to public/images/app/ at 360 × 740.
   */
  screenshots: {
    title: "What it looks like on a phone",
    intro:
      "Screenshots of Kavach's own pages at phone width, taken from the product as it runs today: the plan step, the review with the price and GST, and the membership after payment.",
    width: 360,
    height: 740,
    items: [
      {
        src: "/images/app/plan-select.webp",
        alt: "The plan step: benefits with their price per member, Group Health Insurance always included.",
        caption: "Choose a plan and benefits",
      },
      {
        src: "/images/app/review.webp",
        alt: "The review step: people by age band and cover, with the monthly premium.",
        caption: "Review the price, with GST",
      },
      {
        src: "/images/app/membership.webp",
        alt: "The membership page: plan, sum insured, benefits, members and cover dates.",
        caption: "Your membership after payment",
      },
    ],
  },
  formTitle: "Get the download link by SMS",
  formHint: "We send one message with links to Google Play and the App Store. Standard SMS charges do not apply.",
} as const;

export const ONE_MG_SEO: PageSeo = {
  title: "Order medicines on 1mg with Kavach",
  description:
    "Kavach members save up to 20% on prescription medicines ordered through 1mg. How to link your membership and order.",
  keywords: ["Kavach 1mg", "1mg discount employees", "medicine discount Kavach"],
  path: PAGE_PATHS.oneMg,
};

export const ONE_MG = {
  headline: "Order medicines on 1mg with your Kavach membership",
  intro:
    "Members with the Discounted Medicine benefit save up to 20% on prescription medicines ordered through 1mg, delivered to more than 20,000 pin codes.",
  steps: [
    "Open the Kavach app and go to Medicines.",
    "Tap Order on 1mg; your membership is linked automatically.",
    "Upload a prescription or pick one from a Kavach consultation.",
    "Check the member discount at checkout and place the order.",
  ],
  notes: [
    "The discount applies to prescription medicines; wellness products carry smaller offers.",
    "Orders are fulfilled and delivered by 1mg; returns follow 1mg's policy.",
    "For help with an order, write to us from the app and quote the order number.",
  ],
} as const;
