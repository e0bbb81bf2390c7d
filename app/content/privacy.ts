import type { PageSeo } from "~/content/seo";
import { PAGE_PATHS } from "~/routing/page-paths";
import { CORPORATE } from "./site";

/**
 * Members' personal data (docs/product.md, Personal data; decision 0039): the notice given where an admin
 * hands over employees' details (the census form and upload, the changes page) and in every email to an
 * employee, the contact for data matters, and the privacy page. The sandbox sends the same words
 * (sandbox/catalog/privacy-notice.ts); tests/sandbox/privacy-notice-agree.test.ts holds the two to one text.
 */

/** Where a question, a request or a complaint about personal data goes (DPDP Rules 2025, r.9). Invented. */
export const DATA_CONTACT = {
  role: "Data Protection Officer",
  name: "Priya Menon",
  email: "privacy@kavach.example",
  address: `${CORPORATE.legalName}, ${CORPORATE.address.join(", ")}`,
} as const;

/** The notice, point by point: what, why, on what basis, who receives it, how long, and how to ask. */
export const DATA_NOTICE = [
  {
    label: "What is collected",
    text: "Each member’s employee code, name, gender, date of birth and relationship to the employee, and the employee’s mobile number, email and date of joining. Nothing else is asked for.",
  },
  {
    label: "Why",
    text: "To enrol each member in the employer’s group health policy, issue their e-cards, send the employee theirs, and service the cover and its claims. Never for marketing or analytics.",
  },
  {
    label: "On what basis",
    text: "The employer gives these details for its employees’ health cover, a legitimate use for the purposes of employment under section 7(i) of the Digital Personal Data Protection Act, 2023.",
  },
  {
    label: "Who receives them",
    text: "The insurer that issues the policy and the third-party administrator (TPA) that issues the e-cards and handles cashless claims, both named on the certificate of insurance. No one else.",
  },
  {
    label: "How long they are kept",
    text: "For the policy year and then three years after the policy ends, for claims to be made, reopened and audited; then they are erased.",
  },
  {
    label: "Correction or erasure",
    text: `To see, correct or erase a member’s details, or to complain about their use, write to our ${DATA_CONTACT.role}, ${DATA_CONTACT.name}, at ${DATA_CONTACT.email} or ${DATA_CONTACT.address}. Erasing a covered member’s details ends their cover. A complaint we do not resolve can be taken to the Data Protection Board of India.`,
  },
] as const;

/** The notice's heading where an admin gives the details, and in an employee's email. */
export const DATA_NOTICE_TITLE = {
  admin: "How your employees’ details are used",
  employee: "How your details are used",
};

export const PRIVACY_SEO: PageSeo = {
  title: "Privacy notice",
  description:
    "What personal data Kavach collects from company admins and about the employees they cover, why, who receives it, how long it is kept and how to ask for correction or erasure.",
  keywords: ["Kavach privacy", "privacy notice", "DPDP Act", "personal data"],
  path: PAGE_PATHS.privacy,
};

/** The privacy page's sections beyond the members' notice (docs/product.md, Personal data). */
export const PRIVACY_PAGE = {
  updated: "27 November 2026",
  intro:
    "What we collect from the admins who buy Kavach and about the employees and family members they cover, why, who receives it, how long we keep it and how to ask us to correct or erase it. Written for India’s Digital Personal Data Protection Act, 2023 and its Rules of 2025.",
  admins: [
    "When you buy Kavach for your company we collect your mobile number (to send you a one-time code), your name and work email (for invoices and the policy), your company’s GSTIN, name and address (from the GST registry), and the number of people to be covered by age band. You give them to buy and manage the cover; we use them for nothing else.",
    "Purchase events (which step you reached, the plan and its price) are recorded under your mobile number, with your name and work email as your profile, so that we can see where a purchase stops. Our CRM (HubSpot) receives the events, not the profile. None of them ever carries an employee’s details.",
    "The insurer receives your company’s name, GSTIN and address as the policyholder. You pay on the payment gateway’s own page; we receive its reference and whether it went through, never your card or bank details.",
    "Tax invoices and credit notes name your company and are kept as long as GST law requires (72 months after the due date of the year’s annual return).",
  ],
  notShared: [
    "Members’ details are never written to logs, never sent to analytics and never kept in a shared cache. Uploaded spreadsheets are not stored: a checked file’s rows are kept 30 minutes, then deleted.",
    "Only the admin of the company whose cover it is can see its members, and an employee’s email carries only their own family’s e-cards.",
  ],
  breach:
    "If members’ or admins’ data is ever exposed, we tell the Data Protection Board of India and each person affected, saying what happened, what it may mean for them and what we are doing about it.",
} as const;
