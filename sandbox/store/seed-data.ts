// The catalog the embedded API serves: all of it is data, loaded into SQLite by seed.ts.
// Companies are fictional; their GSTINs carry correct check characters (tests/sandbox/gstin.test.ts).

export interface StateSeed {
  code: string;
  name: string;
}
export interface CompanySeed {
  gstin: string;
  company_name: string;
  state_code: string;
  is_sez: 0 | 1;
  /** Registered office, printed on the tax invoice. */
  address: string;
}
export interface CoverageSeed {
  id: string;
  name: string;
  description: string;
  is_default: 0 | 1;
  is_required: 0 | 1;
  monthly_paise: number;
}
export interface PlanSeed {
  plan_id: string;
  group_id: string;
  name: string;
  sum_insured_inr: number;
  default_visibility: 0 | 1;
  features: string[];
}
export interface BandSeed {
  code: string;
  label: string;
}
export interface RangeSeed {
  code: string;
  label: string;
  relations: string[];
}
export interface RateSeed {
  band: string;
  range: string;
  sum_insured_inr: number;
  monthly_paise: number;
}

export const STATES: StateSeed[] = [
  { code: "01", name: "Jammu and Kashmir" },
  { code: "02", name: "Himachal Pradesh" },
  { code: "03", name: "Punjab" },
  { code: "04", name: "Chandigarh" },
  { code: "05", name: "Uttarakhand" },
  { code: "06", name: "Haryana" },
  { code: "07", name: "Delhi" },
  { code: "08", name: "Rajasthan" },
  { code: "09", name: "Uttar Pradesh" },
  { code: "10", name: "Bihar" },
  { code: "11", name: "Sikkim" },
  { code: "12", name: "Arunachal Pradesh" },
  { code: "13", name: "Nagaland" },
  { code: "14", name: "Manipur" },
  { code: "15", name: "Mizoram" },
  { code: "16", name: "Tripura" },
  { code: "17", name: "Meghalaya" },
  { code: "18", name: "Assam" },
  { code: "19", name: "West Bengal" },
  { code: "20", name: "Jharkhand" },
  { code: "21", name: "Odisha" },
  { code: "22", name: "Chhattisgarh" },
  { code: "23", name: "Madhya Pradesh" },
  { code: "24", name: "Gujarat" },
  { code: "25", name: "Daman and Diu" },
  { code: "26", name: "Dadra and Nagar Haveli and Daman and Diu" },
  { code: "27", name: "Maharashtra" },
  { code: "28", name: "Andhra Pradesh (before division)" },
  { code: "29", name: "Karnataka" },
  { code: "30", name: "Goa" },
  { code: "31", name: "Lakshadweep" },
  { code: "32", name: "Kerala" },
  { code: "33", name: "Tamil Nadu" },
  { code: "34", name: "Puducherry" },
  { code: "35", name: "Andaman and Nicobar Islands" },
  { code: "36", name: "Telangana" },
  { code: "37", name: "Andhra Pradesh" },
  { code: "38", name: "Ladakh" },
  { code: "97", name: "Other Territory" },
  { code: "99", name: "Centre Jurisdiction" },
];

export const COMPANIES: CompanySeed[] = [
  {
    gstin: "29AAKCF2931M1Z6",
    company_name: "Fernleaf Analytics Private Limited",
    state_code: "29",
    is_sez: 0,
    address: "2nd Floor, 14 Church Street, Bengaluru 560001, Karnataka",
  },
  {
    gstin: "33AAHCS4170P1ZY",
    company_name: "Harbourline Software Services Private Limited",
    state_code: "33",
    is_sez: 1,
    address: "Block 4, MEPZ Special Economic Zone, Tambaram, Chennai 600045, Tamil Nadu",
  },
  {
    gstin: "07AAFCT1128B1ZV",
    company_name: "Tanager Foods Private Limited",
    state_code: "07",
    is_sez: 0,
    address: "B-42 Okhla Industrial Area Phase II, New Delhi 110020, Delhi",
  },
  {
    gstin: "24AADCR7793L1ZR",
    company_name: "Rivermint Textiles Private Limited",
    state_code: "24",
    is_sez: 0,
    address: "55 Main Road, Ahmedabad 380009, Gujarat",
  },
  {
    gstin: "29AABCB4021K1ZU",
    company_name: "Banyan Ledger Technologies Private Limited",
    state_code: "29",
    is_sez: 0,
    address: "55 Main Road, Bengaluru 560038, Karnataka",
  },
  {
    gstin: "29AAICM3389B1ZA",
    company_name: "Marigold Semiconductors Private Limited",
    state_code: "29",
    is_sez: 1,
    address: "55 Main Road, Bengaluru 560038, Karnataka",
  },
  {
    gstin: "29AAGCQ7712F1Z9",
    company_name: "Quillpoint Legal Services Private Limited",
    state_code: "29",
    is_sez: 0,
    address: "55 Main Road, Bengaluru 560038, Karnataka",
  },
  {
    gstin: "27AAGCM5582D1ZD",
    company_name: "Monsoon Logistics Private Limited",
    state_code: "27",
    is_sez: 0,
    address: "55 Main Road, Pune 411001, Maharashtra",
  },
  {
    gstin: "27AADCP7719Q1ZN",
    company_name: "Peacock Fintech Private Limited",
    state_code: "27",
    is_sez: 0,
    address: "55 Main Road, Pune 411001, Maharashtra",
  },
  {
    gstin: "27AAKCS1176E1ZB",
    company_name: "Sahyadri Cloudworks Private Limited",
    state_code: "27",
    is_sez: 1,
    address: "55 Main Road, Pune 411001, Maharashtra",
  },
  {
    gstin: "33AAECK3306H1ZY",
    company_name: "Kaveri Robotics Private Limited",
    state_code: "33",
    is_sez: 0,
    address: "55 Main Road, Chennai 600017, Tamil Nadu",
  },
  {
    gstin: "33AADCC2294L1ZL",
    company_name: "Coralbay Design Studio Private Limited",
    state_code: "33",
    is_sez: 0,
    address: "55 Main Road, Chennai 600017, Tamil Nadu",
  },
  {
    gstin: "32AAFCN8842E1ZJ",
    company_name: "Nilgiri Spice Exports Private Limited",
    state_code: "32",
    is_sez: 0,
    address: "55 Main Road, Kochi 682011, Kerala",
  },
  {
    gstin: "36AADCV1290J1Z6",
    company_name: "Vellanki Health Labs Private Limited",
    state_code: "36",
    is_sez: 0,
    address: "55 Main Road, Hyderabad 500081, Telangana",
  },
  {
    gstin: "37AAFCV4452K1ZY",
    company_name: "Vamsadhara Pharma Private Limited",
    state_code: "37",
    is_sez: 0,
    address: "55 Main Road, Visakhapatnam 530003, Andhra Pradesh",
  },
  {
    gstin: "19AAHCD6654R1ZQ",
    company_name: "Damodar Jute Works Private Limited",
    state_code: "19",
    is_sez: 0,
    address: "55 Main Road, Kolkata 700001, West Bengal",
  },
  {
    gstin: "09AACCL2218N1ZC",
    company_name: "Lotusreach Brassware Private Limited",
    state_code: "09",
    is_sez: 0,
    address: "55 Main Road, Moradabad 244001, Uttar Pradesh",
  },
  {
    gstin: "06AAJCG7731T1ZS",
    company_name: "Greyfinch Consulting Private Limited",
    state_code: "06",
    is_sez: 0,
    address: "55 Main Road, Gurugram 122002, Haryana",
  },
  {
    gstin: "07AAJCB8836D1ZK",
    company_name: "Bluejay Mobility Private Limited",
    state_code: "07",
    is_sez: 0,
    address: "55 Main Road, New Delhi 110001, Delhi",
  },
  {
    gstin: "08AADCJ4410W1ZZ",
    company_name: "Jharokha Handicrafts Private Limited",
    state_code: "08",
    is_sez: 0,
    address: "55 Main Road, Jaipur 302001, Rajasthan",
  },
  {
    gstin: "23AAGCB9905S1Z2",
    company_name: "Bansuri Agritech Private Limited",
    state_code: "23",
    is_sez: 0,
    address: "55 Main Road, Indore 452001, Madhya Pradesh",
  },
  {
    gstin: "21AAECO3127F1Z0",
    company_name: "Olive Ridley Seafoods Private Limited",
    state_code: "21",
    is_sez: 0,
    address: "55 Main Road, Bhubaneswar 751001, Odisha",
  },
  {
    gstin: "10AAFCP5563M1ZA",
    company_name: "Pataliputra Edutech Private Limited",
    state_code: "10",
    is_sez: 0,
    address: "55 Main Road, Patna 800001, Bihar",
  },
  {
    gstin: "18AACCA8871G1ZG",
    company_name: "Amberleaf Tea Estates Private Limited",
    state_code: "18",
    is_sez: 0,
    address: "55 Main Road, Guwahati 781001, Assam",
  },
  {
    gstin: "03AAHCL2290C1ZY",
    company_name: "Lyallpur Cycle Works Private Limited",
    state_code: "03",
    is_sez: 0,
    address: "55 Main Road, Ludhiana 141001, Punjab",
  },
  {
    gstin: "30AADCG6618P1ZF",
    company_name: "Gulmohar Hospitality Private Limited",
    state_code: "30",
    is_sez: 0,
    address: "55 Main Road, Panaji 403001, Goa",
  },
  {
    gstin: "24AAECA5521H1Z2",
    company_name: "Aravalli Ceramics Private Limited",
    state_code: "24",
    is_sez: 1,
    address: "55 Main Road, Ahmedabad 380009, Gujarat",
  },
  {
    gstin: "04AABCC3345R1ZI",
    company_name: "Cedarleaf Software Private Limited",
    state_code: "04",
    is_sez: 0,
    address: "55 Main Road, Chandigarh 160017, Chandigarh",
  },
];

// The seven benefits. Group health insurance is priced by the rate table, so its add-on price is 0.
export const COVERAGES: CoverageSeed[] = [
  {
    id: "group-health-insurance",
    name: "Group Health Insurance",
    description: "Cashless hospitalisation for employees and their families at 7,000+ network hospitals across India.",
    is_default: 1,
    is_required: 1,
    monthly_paise: 0,
  },
  {
    id: "group-term-life-insurance",
    name: "Group Term Life Insurance",
    description: "A lump sum of ₹10,00,000 paid to the employee's nominee if the employee dies while covered.",
    is_default: 0,
    is_required: 0,
    monthly_paise: 120_00,
  },
  {
    id: "doctor-consultation",
    name: "Doctor Consultation",
    description: "Unlimited video and phone consultations with general physicians, day and night, in eight languages.",
    is_default: 1,
    is_required: 0,
    monthly_paise: 49_00,
  },
  {
    id: "discounted-medicine",
    name: "Discounted Medicine",
    description: "Up to 20% off prescription medicines from partner pharmacies, delivered home.",
    is_default: 0,
    is_required: 0,
    monthly_paise: 35_00,
  },
  {
    id: "discounted-health-checkups",
    name: "Discounted Health Check-ups",
    description: "One preventive health check-up per member each year, and lab tests at member prices.",
    is_default: 1,
    is_required: 0,
    monthly_paise: 79_00,
  },
  {
    id: "fitness-tracking",
    name: "Fitness Tracking",
    description: "Step challenges, activity tracking and guided workouts for the whole team in the Kavach app.",
    is_default: 0,
    is_required: 0,
    monthly_paise: 59_00,
  },
  {
    id: "good-doctors",
    name: "Good Doctors",
    description: "A care manager who finds and books verified specialists and arranges second opinions before surgery.",
    is_default: 0,
    is_required: 0,
    monthly_paise: 69_00,
  },
];

const COMMON_FEATURES = [
  "Cashless treatment at 7,000+ network hospitals",
  "Pre-existing diseases covered from day one",
  "No waiting period for maternity benefits",
];

export const PLANS: PlanSeed[] = [
  {
    plan_id: "kavach-essential",
    group_id: "kavach-si-100000",
    name: "Kavach Essential",
    sum_insured_inr: 1_00_000,
    default_visibility: 1,
    features: [
      "Sum insured ₹1,00,000 per family per year",
      ...COMMON_FEATURES,
      "Room rent up to 1% of the sum insured a day",
    ],
  },
  {
    plan_id: "kavach-standard",
    group_id: "kavach-si-200000",
    name: "Kavach Standard",
    sum_insured_inr: 2_00_000,
    default_visibility: 1,
    features: [
      "Sum insured ₹2,00,000 per family per year",
      ...COMMON_FEATURES,
      "Room rent up to 1% of the sum insured a day",
    ],
  },
  {
    plan_id: "kavach-plus",
    group_id: "kavach-si-300000",
    name: "Kavach Plus",
    sum_insured_inr: 3_00_000,
    default_visibility: 1,
    features: ["Sum insured ₹3,00,000 per family per year", ...COMMON_FEATURES, "Single private room"],
  },
  {
    plan_id: "kavach-premium",
    group_id: "kavach-si-500000",
    name: "Kavach Premium",
    sum_insured_inr: 5_00_000,
    default_visibility: 0,
    features: [
      "Sum insured ₹5,00,000 per family per year",
      ...COMMON_FEATURES,
      "Any room category",
      "Ambulance cover up to ₹5,000 per claim",
    ],
  },
];

export const AGE_BANDS: BandSeed[] = [
  { code: "18-35", label: "18–35 years" },
  { code: "36-45", label: "36–45 years" },
  { code: "46-55", label: "46–55 years" },
  { code: "56-65", label: "56–65 years" },
];

export const FAMILY_RANGES: RangeSeed[] = [
  { code: "1A", label: "Employee only", relations: ["Employee"] },
  { code: "2A", label: "Employee + spouse", relations: ["Employee", "Spouse"] },
  {
    code: "2A+2C",
    label: "Employee, spouse and two children",
    relations: ["Employee", "Spouse", "First child", "Second child"],
  },
];

// How the rate rows below were set: a base price for one employee with ₹1,00,000 cover, by age band,
// scaled by sum insured and by family size, rounded to whole rupees. Factors are in hundredths so the
// arithmetic stays in integers (no 418.49999 from floating point).
const BASE_RUPEES_BY_BAND: Record<string, number> = { "18-35": 150, "36-45": 210, "46-55": 320, "56-65": 480 };
const SUM_INSURED_FACTOR: Record<number, number> = { 1_00_000: 100, 2_00_000: 155, 3_00_000: 195, 5_00_000: 260 };
const RANGE_FACTOR: Record<string, number> = { "1A": 100, "2A": 180, "2A+2C": 260 };

export const RATES: RateSeed[] = PLANS.flatMap((plan) =>
  AGE_BANDS.flatMap((band) =>
    FAMILY_RANGES.map((range) => {
      const scaled =
        BASE_RUPEES_BY_BAND[band.code]! * SUM_INSURED_FACTOR[plan.sum_insured_inr]! * RANGE_FACTOR[range.code]!;
      return {
        band: band.code,
        range: range.code,
        sum_insured_inr: plan.sum_insured_inr,
        monthly_paise: Math.round(scaled / 10_000) * 100,
      };
    }),
  ),
);
