import type { IconName } from "~/components/icons";
import type { PageSeo } from "~/content/seo";

/**
 * The seven benefits (docs/product.md, Routes), one entry each: the copy of its page under /employee-healthcare/
 * and of its card elsewhere. Prices match the embedded API's catalogue (per member per month).
 */
export const PRODUCT_SLUGS = [
  "group-health-insurance",
  "group-term-life-insurance",
  "doctor-consultation",
  "discounted-health-checkups",
  "discounted-medicine",
  "good-doctors",
  "fitness-tracking",
] as const;
export type ProductSlug = (typeof PRODUCT_SLUGS)[number];

export interface Product {
  slug: ProductSlug;
  name: string;
  icon: IconName;
  /** One line for cards and lists. */
  summary: string;
  seo: Omit<PageSeo, "path">;
  headline: string;
  intro: string;
  price: string;
  /** In every plan (Group Health Insurance): its page invites to cover the team, not to "add" it. */
  alwaysIncluded?: true;
  highlights: readonly { title: string; text: string }[];
  steps: readonly string[];
  faqs: readonly { question: string; answer: string }[];
}

export const PRODUCTS: readonly Product[] = [
  {
    slug: "group-health-insurance",
    name: "Group Health Insurance",
    icon: "shield",
    alwaysIncluded: true,
    summary: "Cashless hospitalisation for employees and their families at 7,000+ network hospitals.",
    seo: {
      title: "Group health insurance for small and growing teams",
      description:
        "Cashless group health insurance from 2 employees: family cover, pre-existing diseases from day one, no maternity waiting period. Buy online in minutes.",
      keywords: ["group health insurance", "employee health insurance", "GMC policy India", "group mediclaim"],
    },
    headline: "Group health insurance that covers your team from day one",
    intro:
      "Give every employee a family floater with cashless treatment at over 7,000 network hospitals. Pre-existing conditions and maternity are covered without waiting periods, and you can start with as few as two people.",
    price: "Plans from ₹150 per employee a month, GST extra",
    highlights: [
      {
        title: "Cashless at 7,000+ hospitals",
        text: "Employees show their e-card at admission; the bill is settled between the hospital and the insurer.",
      },
      {
        title: "No waiting periods",
        text: "Pre-existing diseases and maternity are covered from the first day of the policy.",
      },
      { title: "Family floater", text: "Cover the employee alone, with a spouse, or with a spouse and two children." },
      {
        title: "Sums insured that fit",
        text: "Choose ₹1, 2, 3 or 5 lakh per family per year, and change plan at renewal.",
      },
    ],
    steps: [
      "Verify your mobile number and enter your company GSTIN.",
      "Pick a plan and tell us how many people fall in each age band.",
      "Pay monthly or yearly: cover starts that day. Name your team and e-cards are emailed to them at once.",
    ],
    faqs: [
      {
        question: "What is the smallest team you cover?",
        answer:
          "Two employees. Most group policies in India need seven or more; Kavach pools small teams so they get group terms.",
      },
      {
        question: "Can employees add parents?",
        answer:
          "Parents are not part of the standard plans. Employees can buy parental top-ups from the Kavach app at group rates.",
      },
      {
        question: "How do claims work?",
        answer:
          "Employees sign in at Kavach with their own mobile number. For a cashless stay they find a network hospital and intimate the admission there (or call the TPA), then show the e-card at the hospital desk; the TPA settles the bill with the hospital. For reimbursement they upload the bills and reports there, and see the amount paid and what is left of their sum insured. The company sees how many claims and for how much, never who claimed for what.",
      },
    ],
  },
  {
    slug: "group-term-life-insurance",
    name: "Group Term Life Insurance",
    icon: "umbrella",
    summary: "A ₹10 lakh lump sum for an employee's family if the worst happens.",
    seo: {
      title: "Group term life insurance for employees",
      description:
        "Group term life cover of ₹10,00,000 per employee with no medical tests. Add it to your Kavach plan for ₹120 per member a month.",
      keywords: ["group term life insurance", "employee life cover", "GTL policy", "term insurance for employees"],
    },
    headline: "Life cover that looks after your employees' families",
    intro:
      "If an employee dies while covered, their nominee receives ₹10,00,000 as a lump sum. No medical tests, no individual paperwork: everyone on your plan is covered from the day it starts.",
    price: "Add to any plan for ₹120 per member a month",
    highlights: [
      {
        title: "₹10 lakh for every employee",
        text: "The same sum for everyone, so nobody has to negotiate their family's safety.",
      },
      { title: "No medical tests", text: "Employees are covered on joining without health declarations or check-ups." },
      { title: "Any cause, anywhere", text: "Death due to illness or accident is covered, in India or abroad." },
      {
        title: "Claims in days",
        text: "Our team helps the nominee with documents and follows the claim until it is paid.",
      },
    ],
    steps: [
      "Add Group Term Life when you choose your plan.",
      "Employees name their nominee in the Kavach app.",
      "Cover continues as long as the employee is on your plan.",
    ],
    faqs: [
      {
        question: "Does cover continue if someone leaves?",
        answer:
          "Cover ends when the employee leaves your plan. They can convert to an individual policy without medical tests within 30 days.",
      },
      {
        question: "Is the payout taxable?",
        answer:
          "Death benefits paid to a nominee under a life insurance policy are generally exempt under section 10(10D) of the Income Tax Act.",
      },
    ],
  },
  {
    slug: "doctor-consultation",
    name: "Doctor Consultation",
    icon: "stethoscope",
    summary: "Unlimited video and phone consultations with general physicians, day and night.",
    seo: {
      title: "Unlimited online doctor consultations for employees",
      description:
        "24×7 video and phone consultations with qualified general physicians in eight languages, for employees and their families. ₹49 per member a month.",
      keywords: [
        "online doctor consultation",
        "teleconsultation for employees",
        "corporate telemedicine",
        "OPD benefit",
      ],
    },
    headline: "A doctor on call for your whole team, day and night",
    intro:
      "Employees and their families talk to a qualified general physician by video or phone in minutes, in eight Indian languages. Prescriptions arrive in the app and can be sent straight to a pharmacy.",
    price: "₹49 per member a month, unlimited consultations",
    highlights: [
      { title: "Within 10 minutes", text: "Most calls connect in under ten minutes, at any hour of the day." },
      { title: "Eight languages", text: "Hindi, English, Kannada, Tamil, Telugu, Marathi, Bengali and Malayalam." },
      { title: "Digital prescriptions", text: "Valid e-prescriptions that pharmacies across India accept." },
      { title: "Whole family", text: "Everyone covered on the plan can consult, as often as they need." },
    ],
    steps: [
      "Open the Kavach app and tap Talk to a doctor.",
      "Describe the problem and choose video or phone.",
      "Get advice and a prescription, saved to your health records.",
    ],
    faqs: [
      {
        question: "Can employees consult a specialist?",
        answer:
          "The general physician refers to a specialist when needed. With Good Doctors added, our care managers book the specialist for you.",
      },
      {
        question: "Is there a limit on consultations?",
        answer: "No. Consultations are unlimited for every member on the plan.",
      },
    ],
  },
  {
    slug: "discounted-health-checkups",
    name: "Discounted Health Check-ups",
    icon: "clipboard",
    summary: "One preventive check-up per member each year, and lab tests at member prices.",
    seo: {
      title: "Annual health check-ups for employees",
      description:
        "A preventive health check-up for every member each year, with home sample collection in 300+ cities and discounted lab tests. ₹79 per member a month.",
      keywords: [
        "corporate health checkup",
        "annual health check employees",
        "preventive health checkup",
        "lab test discount",
      ],
    },
    headline: "Catch problems early with yearly health check-ups",
    intro:
      "Every member gets a 60-parameter preventive check-up each year, with samples collected at home or at a partner lab. Reports come with a free doctor review, and further tests cost less all year.",
    price: "₹79 per member a month, one full check-up included",
    highlights: [
      {
        title: "60 parameters",
        text: "Blood sugar, lipids, liver, kidney, thyroid, vitamin D and B12, and a complete blood count.",
      },
      { title: "Home collection", text: "A phlebotomist visits at a time the member picks, in 300+ cities." },
      { title: "Doctor review", text: "A physician explains the report and suggests what to do next." },
      { title: "Member prices", text: "Up to 40% off any further lab test for the rest of the year." },
    ],
    steps: [
      "Book a slot in the Kavach app.",
      "Give samples at home or at a nearby lab.",
      "Get the report in 48 hours, with a doctor's review.",
    ],
    faqs: [
      {
        question: "Do family members get a check-up too?",
        answer: "Yes. Every covered member over 18 gets one check-up each policy year.",
      },
      {
        question: "Can HR see employees' results?",
        answer: "No. Reports are private to the member. You only see how many members used the benefit.",
      },
    ],
  },
  {
    slug: "discounted-medicine",
    name: "Discounted Medicine",
    icon: "pill",
    summary: "Up to 20% off prescription medicines, delivered home from partner pharmacies.",
    seo: {
      title: "Discounted medicines for employees, delivered home",
      description:
        "Up to 20% off prescription medicines from partner pharmacies, delivered to the doorstep in 20,000+ pin codes. ₹35 per member a month.",
      keywords: [
        "medicine discount for employees",
        "online pharmacy benefit",
        "discounted medicines",
        "employee pharmacy benefit",
      ],
    },
    headline: "Medicines for less, delivered to your employees' doors",
    intro:
      "Members order prescription medicines from our pharmacy partners in the Kavach app and pay up to 20% less. Orders reach more than 20,000 pin codes, and repeat prescriptions can be set to arrive every month.",
    price: "₹35 per member a month",
    highlights: [
      { title: "Up to 20% off", text: "On prescription medicines, on top of the pharmacy's own offers." },
      { title: "20,000+ pin codes", text: "Doorstep delivery, usually within 24 to 48 hours in cities." },
      { title: "Monthly refills", text: "Set up chronic medicines once and they arrive on time." },
      { title: "Genuine stock", text: "Licensed pharmacies only, with batch and expiry shown." },
    ],
    steps: [
      "Upload a prescription or use one from a Kavach consultation.",
      "Pick the medicines; the member discount applies itself.",
      "Pay online or on delivery and track the order in the app.",
    ],
    faqs: [
      {
        question: "Which pharmacies are partners?",
        answer:
          "Orders are fulfilled by licensed online pharmacies, including 1mg. The app shows the partner on every order.",
      },
      {
        question: "Are over-the-counter products discounted?",
        answer: "Wellness and OTC products carry smaller discounts, shown before you pay.",
      },
    ],
  },
  {
    slug: "good-doctors",
    name: "Good Doctors",
    icon: "doctor",
    summary: "A care manager who books verified specialists and arranges second opinions.",
    seo: {
      title: "Good Doctors: specialist booking and second opinions",
      description:
        "A personal care manager finds verified specialists, books appointments and arranges second opinions before planned surgery. ₹69 per member a month.",
      keywords: ["second opinion", "specialist doctor booking", "care manager", "employee healthcare navigation"],
    },
    headline: "The right specialist, found and booked for you",
    intro:
      "When a member needs a specialist, a Kavach care manager finds a verified doctor nearby, books the appointment and follows up afterwards. Before planned surgery, we arrange a second opinion from a senior consultant at no cost.",
    price: "₹69 per member a month",
    highlights: [
      { title: "Verified specialists", text: "Doctors checked for registration, experience and patient feedback." },
      { title: "Booked for you", text: "A care manager calls the clinic and confirms the slot." },
      { title: "Second opinions", text: "A senior consultant reviews reports before any planned surgery." },
      { title: "Hospital help", text: "Help with admission, cashless approval and discharge." },
    ],
    steps: [
      "Request a specialist in the app or on WhatsApp.",
      "Your care manager shares two or three options within a day.",
      "Pick one; we book it and check in after the visit.",
    ],
    faqs: [
      {
        question: "Is the specialist's fee included?",
        answer:
          "Consultation fees are paid at the clinic, often at a member discount. The care manager and second opinions are included.",
      },
      {
        question: "How fast is a second opinion?",
        answer: "Usually within three working days of receiving the reports.",
      },
    ],
  },
  {
    slug: "fitness-tracking",
    name: "Fitness Tracking",
    icon: "activity",
    summary: "Step challenges, activity tracking and guided workouts for the whole team.",
    seo: {
      title: "Fitness tracking and step challenges for teams",
      description:
        "Team step challenges, activity tracking with your phone or watch, and guided workouts in the Kavach app. ₹59 per member a month.",
      keywords: ["employee fitness program", "step challenge", "corporate wellness app", "fitness tracking for teams"],
    },
    headline: "Get your team moving, together",
    intro:
      "Members track steps and workouts with their phone or smartwatch, join monthly team challenges and follow short guided sessions. Leaderboards make it social; rewards make it stick.",
    price: "₹59 per member a month",
    highlights: [
      { title: "Works with any phone", text: "Syncs with Google Fit, Apple Health and popular smartwatches." },
      { title: "Team challenges", text: "Monthly step and activity challenges with a company leaderboard." },
      { title: "Guided workouts", text: "Yoga, strength and breathing sessions of 10 to 30 minutes." },
      { title: "Rewards", text: "Points for healthy habits, redeemable for health-store vouchers." },
    ],
    steps: [
      "Members connect their phone or watch in the Kavach app.",
      "Join the month's challenge or start a workout.",
      "Earn points and see the team leaderboard update live.",
    ],
    faqs: [
      {
        question: "Do employees need a smartwatch?",
        answer: "No. A phone's step counter is enough; watches add heart rate and workouts.",
      },
      {
        question: "What does HR see?",
        answer: "Participation and team totals only, never an individual's health data.",
      },
    ],
  },
];

/** What a benefit card shows: loaders send this much, not the whole page copy. */
export type ProductCard = Pick<Product, "slug" | "name" | "summary" | "icon">;
export const productCards = (products: readonly Product[] = PRODUCTS): ProductCard[] =>
  products.map(({ slug, name, summary, icon }) => ({ slug, name, summary, icon }));

export function findProduct(slug: string | undefined): Product | undefined {
  return PRODUCTS.find((p) => p.slug === slug);
}
