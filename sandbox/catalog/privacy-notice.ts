// The notice on members' personal data that every email to an employee carries (docs/product.md, Personal
// data; decision 0039): what is collected, why, on what basis, who receives it, how long it is kept and how
// to ask for correction or erasure, with the contact for data matters. The app shows the same words where an
// admin gives the details (app/content/privacy.ts); tests/sandbox/privacy-notice-agree.test.ts holds the two
// to one text, as the census rules are held (the sandbox never imports the app).

/** Members' details are erased this many years after the policy ends (sandbox/membership/retention.ts). */
export const RETENTION_YEARS = 3;

/** Invented, like every party in the sandbox. */
export const DATA_CONTACT = {
  role: "Data Protection Officer",
  name: "Priya Menon",
  email: "privacy@kavach.example",
  address:
    "Kavach Health Benefits Private Limited, 4th Floor, Prestige Meridian II, 29 Mahatma Gandhi Road, Bengaluru, Karnataka 560001",
} as const;

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

export const DATA_NOTICE_TITLE = "How your details are used";

/**
 * An employee email's lines with the notice after them: every email the sandbox sends an employee is built
 * through this, so none goes without it.
 */
export function withDataNotice(lines: readonly string[]): string[] {
  return [...lines, "", `${DATA_NOTICE_TITLE}:`, ...DATA_NOTICE.map((p) => `${p.label}: ${p.text}`)];
}
