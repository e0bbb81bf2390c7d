// Editorial content served by the embedded API: FAQ, testimonials and the terms of use.
// People and companies named here are fictional: every testimonial is a sample written for the sandbox
// and says so in its source, with the date it was written.

export interface Faq {
  question: string;
  answer: string;
}
export interface Testimonial {
  id: string;
  testimonialContent: string;
  author: { name: string; organization: string; designation: string; imageUrl: string };
  /** Where the words come from; a sample says so. */
  source: { label: string; url: string | null; sample: boolean };
  /** When it was given (or, for a sample, written), YYYY-MM-DD. */
  date: string;
}

const SAMPLE_SOURCE = {
  label: "Sample review written for the Kavach sandbox; the person and company are fictional",
  url: null,
  sample: true,
};
export interface TermsVersion {
  version: number;
  title: string;
  updated_at: string;
  sections: { heading: string; body: string }[];
}

export const FAQS: Faq[] = [
  {
    question: "Who can buy a Kavach plan?",
    answer:
      "Any company registered for GST in India with at least 2 employees can buy Kavach for its team. You need the company's GSTIN and a mobile number to verify; the whole purchase takes about ten minutes.",
  },
  {
    question: "How is the price worked out?",
    answer:
      "Each member is priced by age band (18–35, 36–45, 46–55, 56–65), by who is covered (employee only, employee and spouse, or employee, spouse and two children) and by the sum insured you pick, plus the monthly price of any extra benefits. The checkout page shows every line before you pay.",
  },
  {
    question: "Is GST charged on the premium?",
    answer:
      "Yes. Group health cover carries 18% GST. Companies in Karnataka see it as CGST 9% and SGST 9%; companies in other states see IGST 18%. Units in a Special Economic Zone are zero-rated and pay no GST.",
  },
  {
    question: "Can we pay monthly?",
    answer: "Yes. You can pay every month, or pay for twelve months at once and save 10% on the premium.",
  },
  {
    question: "When does the cover start?",
    answer:
      "Cover starts on the day after payment is confirmed. We email the policy documents and each employee's e-card to the admin within two working days.",
  },
  {
    question: "Are pre-existing diseases covered?",
    answer:
      "Yes. Group health insurance bought through Kavach covers pre-existing diseases from the first day, with no waiting period, which individual policies rarely offer.",
  },
  {
    question: "Can we add or remove employees later?",
    answer:
      "Yes. Send us the joiners and leavers each month; the premium is adjusted from the next bill. A joiner is covered from the day their premium is paid, which is when you add them.",
  },
  {
    question: "How do employees make a claim?",
    answer:
      "Employees sign in to their own cover on Kavach with their mobile number. At a network hospital they intimate the admission there (at least 48 hours before a planned one, within 24 hours of an emergency) and show their e-card for a cashless stay. At other hospitals they pay and claim the money back by uploading the bills and reports there within 30 days of discharge, and follow each claim to settlement. The employer sees claims by count and amount, never a diagnosis or a document.",
  },
  {
    question: "What happens if a payment fails?",
    answer:
      "Nothing is charged for a failed payment and you can try again straight away. If your bank shows the payment as pending, wait a few minutes: we confirm it as soon as the bank does.",
  },
];

export const TESTIMONIALS: Testimonial[] = [
  {
    id: "t-ananya-rao",
    testimonialContent:
      "We set up health cover for our 42 people in one afternoon. The price per employee was clear before we paid, and the e-cards arrived two days later.",
    author: {
      name: "Ananya Rao",
      organization: "Fernleaf Analytics",
      designation: "Head of People",
      imageUrl: "/images/testimonials/ananya-rao.svg",
    },
    source: SAMPLE_SOURCE,
    date: "2026-03-02",
  },
  {
    id: "t-vikram-sethi",
    testimonialContent:
      "As a founder I did not want to spend weeks comparing insurers. Kavach showed the monthly cost for every age band and we switched to yearly billing to save 10%.",
    author: {
      name: "Vikram Sethi",
      organization: "Tanager Foods",
      designation: "Co-founder and CEO",
      imageUrl: "/images/testimonials/vikram-sethi.svg",
    },
    source: SAMPLE_SOURCE,
    date: "2026-03-09",
  },
  {
    id: "t-meenakshi-iyer",
    testimonialContent:
      "Our SEZ unit was billed without GST, exactly as it should be. Other platforms kept adding tax and we had to chase credit notes.",
    author: {
      name: "Meenakshi Iyer",
      organization: "Harbourline Software Services",
      designation: "Finance Controller",
      imageUrl: "/images/testimonials/meenakshi-iyer.svg",
    },
    source: SAMPLE_SOURCE,
    date: "2026-04-14",
  },
  {
    id: "t-rohan-desai",
    testimonialContent:
      "The doctor consultations are what our team actually uses every week. Nobody waits in a clinic for a cough any more.",
    author: {
      name: "Rohan Desai",
      organization: "Rivermint Textiles",
      designation: "HR Manager",
      imageUrl: "/images/testimonials/rohan-desai.svg",
    },
    source: SAMPLE_SOURCE,
    date: "2026-05-06",
  },
  {
    id: "t-farah-khan",
    testimonialContent:
      "One of our engineers needed surgery in his second month. The claim was cashless and the care manager found a specialist within a day.",
    author: {
      name: "Farah Khan",
      organization: "Sahyadri Cloudworks",
      designation: "People Operations Lead",
      imageUrl: "/images/testimonials/farah-khan.svg",
    },
    source: SAMPLE_SOURCE,
    date: "2026-06-18",
  },
  {
    id: "t-suresh-pillai",
    testimonialContent:
      "We are a 12-person team and still got group rates with family cover. Adding a new joiner is one message to the Kavach team.",
    author: {
      name: "Suresh Pillai",
      organization: "Nilgiri Spice Exports",
      designation: "Managing Director",
      imageUrl: "/images/testimonials/suresh-pillai.svg",
    },
    source: SAMPLE_SOURCE,
    date: "2026-07-21",
  },
  {
    id: "t-kavya-menon",
    testimonialContent:
      "The annual health check-ups caught two cases of high blood sugar early. It has become the benefit our people talk about most.",
    author: {
      name: "Kavya Menon",
      organization: "Kaveri Robotics",
      designation: "HR Business Partner",
      imageUrl: "/images/testimonials/kavya-menon.svg",
    },
    source: SAMPLE_SOURCE,
    date: "2026-08-25",
  },
];

const COMMON_SECTIONS_V1 = [
  {
    heading: "About these terms",
    body: "These terms govern the use of the Kavach website and app, operated by Kavach Health Benefits Private Limited, Bengaluru, Karnataka. By creating an account or buying a plan you accept them on behalf of your company.",
  },
  {
    heading: "What Kavach does",
    body: "Kavach is a marketplace through which employers buy group health insurance and related health benefits for their employees. Insurance is underwritten by our partner insurers, licensed by IRDAI; Kavach acts as their corporate agent and does not itself carry insurance risk.",
  },
  {
    heading: "Your account",
    body: "You sign in with a mobile number verified by a one-time code. You must be authorised by your company to buy benefits for it, and you are responsible for keeping the codes we send you private.",
  },
  {
    heading: "Information you give us",
    body: "You confirm that the company details, headcount and age bands you enter are accurate. Premiums are calculated from them; if the final employee list differs, the premium is adjusted on the next bill.",
  },
];

const TAIL_SECTIONS = [
  {
    heading: "Claims",
    body: "Claims are settled by the insurer under the policy wording, which prevails over any summary on our website. We help your employees file and follow up claims but cannot guarantee their outcome.",
  },
  {
    heading: "Liability",
    body: "To the extent permitted by law, Kavach's liability for any claim arising from the use of the platform is limited to the fees paid to Kavach in the three months before the claim.",
  },
  {
    heading: "Governing law",
    body: "These terms are governed by the laws of India. Courts in Bengaluru have exclusive jurisdiction.",
  },
];

export const TERMS: TermsVersion[] = [
  {
    version: 1,
    title: "Terms of use",
    updated_at: "2022-04-01",
    sections: [
      ...COMMON_SECTIONS_V1,
      {
        heading: "Payments",
        body: "Premiums are payable in advance, monthly or yearly, through our payment partner. GST is charged at the applicable rate. If a monthly payment is missed, cover continues for a grace period of 15 days.",
      },
      ...TAIL_SECTIONS,
    ],
  },
  {
    version: 2,
    title: "Terms of use",
    updated_at: "2025-10-01",
    sections: [
      ...COMMON_SECTIONS_V1,
      {
        heading: "Payments",
        body: "Premiums are payable in advance, monthly or yearly, through our payment partner; yearly payment carries a 10% discount on the premium. GST at 18% is shown as its own line: CGST and SGST for companies in Karnataka, IGST elsewhere, and none for units in a Special Economic Zone. If a monthly payment is missed, cover continues for a grace period of 15 days.",
      },
      {
        heading: "Cancellation and refunds",
        body: "You may cancel at any time. For yearly plans we refund the unused premium for whole months remaining, less any claims paid, within 14 working days.",
      },
      {
        heading: "Messages we send",
        body: "We send one-time codes and service messages by SMS, and by WhatsApp only if you opt in. You can opt out of WhatsApp messages at any time from your account.",
      },
      ...TAIL_SECTIONS,
    ],
  },
];
