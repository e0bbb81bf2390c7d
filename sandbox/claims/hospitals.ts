// The sandbox TPA's network of hospitals (docs/product.md, Claims): a sample data set the sandbox ships,
// made the same way at every start from a fixed seed, so a hospital's id, address and phone never change
// between runs. The hospitals, their addresses and phone numbers are invented, and every answer says so.

export interface Hospital {
  hospital_id: string;
  name: string;
  address: string;
  city: string;
  state: string;
  pin_code: string;
  phone: string;
  specialities: string[];
  /** Whether the TPA settles the bill with the hospital directly; otherwise pay and claim it back. */
  cashless: boolean;
}

export const HOSPITALS_SAMPLE_NOTE =
  "Sample data: the sandbox TPA's network is invented, as are these hospitals, their addresses and phone numbers.";

/** A city, its state and STD code, and a few of its PIN codes with the locality each serves. */
interface City {
  name: string;
  state: string;
  std: string;
  localities: ReadonlyArray<readonly [string, string]>;
}

const CITIES: readonly City[] = [
  {
    name: "Bengaluru",
    state: "Karnataka",
    std: "080",
    localities: [
      ["Koramangala", "560034"],
      ["Indiranagar", "560038"],
      ["Jayanagar", "560041"],
      ["Whitefield", "560066"],
      ["Malleshwaram", "560003"],
      ["HSR Layout", "560102"],
    ],
  },
  {
    name: "Mumbai",
    state: "Maharashtra",
    std: "022",
    localities: [
      ["Andheri East", "400069"],
      ["Bandra West", "400050"],
      ["Dadar", "400014"],
      ["Powai", "400076"],
      ["Borivali West", "400092"],
      ["Chembur", "400071"],
    ],
  },
  {
    name: "New Delhi",
    state: "Delhi",
    std: "011",
    localities: [
      ["Saket", "110017"],
      ["Dwarka", "110075"],
      ["Rajouri Garden", "110027"],
      ["Lajpat Nagar", "110024"],
      ["Rohini", "110085"],
      ["Karol Bagh", "110005"],
    ],
  },
  {
    name: "Chennai",
    state: "Tamil Nadu",
    std: "044",
    localities: [
      ["T. Nagar", "600017"],
      ["Adyar", "600020"],
      ["Anna Nagar", "600040"],
      ["Velachery", "600042"],
      ["Porur", "600116"],
    ],
  },
  {
    name: "Hyderabad",
    state: "Telangana",
    std: "040",
    localities: [
      ["Banjara Hills", "500034"],
      ["Gachibowli", "500032"],
      ["Secunderabad", "500003"],
      ["Kukatpally", "500072"],
      ["Dilsukhnagar", "500060"],
    ],
  },
  {
    name: "Kolkata",
    state: "West Bengal",
    std: "033",
    localities: [
      ["Salt Lake", "700091"],
      ["Ballygunge", "700019"],
      ["Behala", "700034"],
      ["Dum Dum", "700028"],
      ["Park Street", "700016"],
    ],
  },
  {
    name: "Pune",
    state: "Maharashtra",
    std: "020",
    localities: [
      ["Kothrud", "411038"],
      ["Hadapsar", "411028"],
      ["Aundh", "411007"],
      ["Viman Nagar", "411014"],
      ["Shivajinagar", "411005"],
    ],
  },
  {
    name: "Ahmedabad",
    state: "Gujarat",
    std: "079",
    localities: [
      ["Navrangpura", "380009"],
      ["Satellite", "380015"],
      ["Maninagar", "380008"],
      ["Bopal", "380058"],
    ],
  },
  {
    name: "Jaipur",
    state: "Rajasthan",
    std: "0141",
    localities: [
      ["Malviya Nagar", "302017"],
      ["Vaishali Nagar", "302021"],
      ["C-Scheme", "302001"],
      ["Mansarovar", "302020"],
    ],
  },
  {
    name: "Lucknow",
    state: "Uttar Pradesh",
    std: "0522",
    localities: [
      ["Gomti Nagar", "226010"],
      ["Hazratganj", "226001"],
      ["Aliganj", "226024"],
      ["Indira Nagar", "226016"],
    ],
  },
  {
    name: "Kochi",
    state: "Kerala",
    std: "0484",
    localities: [
      ["Edappally", "682024"],
      ["Kaloor", "682017"],
      ["Vyttila", "682019"],
      ["Fort Kochi", "682001"],
    ],
  },
  {
    name: "Chandigarh",
    state: "Chandigarh",
    std: "0172",
    localities: [
      ["Sector 17", "160017"],
      ["Sector 35", "160022"],
      ["Sector 8", "160009"],
    ],
  },
  {
    name: "Gurugram",
    state: "Haryana",
    std: "0124",
    localities: [
      ["DLF Phase 3", "122002"],
      ["Sohna Road", "122018"],
      ["Sector 44", "122003"],
    ],
  },
  {
    name: "Noida",
    state: "Uttar Pradesh",
    std: "0120",
    localities: [
      ["Sector 18", "201301"],
      ["Sector 62", "201309"],
      ["Greater Noida West", "201306"],
    ],
  },
  {
    name: "Indore",
    state: "Madhya Pradesh",
    std: "0731",
    localities: [
      ["Vijay Nagar", "452010"],
      ["Palasia", "452001"],
      ["Rau", "453331"],
    ],
  },
  {
    name: "Bhopal",
    state: "Madhya Pradesh",
    std: "0755",
    localities: [
      ["Arera Colony", "462016"],
      ["MP Nagar", "462011"],
      ["Kolar Road", "462042"],
    ],
  },
  {
    name: "Coimbatore",
    state: "Tamil Nadu",
    std: "0422",
    localities: [
      ["RS Puram", "641002"],
      ["Peelamedu", "641004"],
      ["Saibaba Colony", "641011"],
    ],
  },
  {
    name: "Visakhapatnam",
    state: "Andhra Pradesh",
    std: "0891",
    localities: [
      ["MVP Colony", "530017"],
      ["Dwaraka Nagar", "530016"],
      ["Gajuwaka", "530026"],
    ],
  },
  {
    name: "Bhubaneswar",
    state: "Odisha",
    std: "0674",
    localities: [
      ["Saheed Nagar", "751007"],
      ["Patia", "751024"],
      ["Nayapalli", "751012"],
    ],
  },
  {
    name: "Nagpur",
    state: "Maharashtra",
    std: "0712",
    localities: [
      ["Dharampeth", "440010"],
      ["Sitabuldi", "440012"],
      ["Manish Nagar", "440015"],
    ],
  },
  {
    name: "Surat",
    state: "Gujarat",
    std: "0261",
    localities: [
      ["Adajan", "395009"],
      ["Athwa", "395001"],
      ["Vesu", "395007"],
    ],
  },
  {
    name: "Patna",
    state: "Bihar",
    std: "0612",
    localities: [
      ["Boring Road", "800001"],
      ["Kankarbagh", "800020"],
      ["Bailey Road", "800014"],
    ],
  },
  {
    name: "Guwahati",
    state: "Assam",
    std: "0361",
    localities: [
      ["Dispur", "781006"],
      ["Ganeshguri", "781005"],
      ["Paltan Bazaar", "781008"],
    ],
  },
  {
    name: "Mysuru",
    state: "Karnataka",
    std: "0821",
    localities: [
      ["Saraswathipuram", "570009"],
      ["Vijayanagar", "570017"],
    ],
  },
  {
    name: "Thiruvananthapuram",
    state: "Kerala",
    std: "0471",
    localities: [
      ["Pattom", "695004"],
      ["Kowdiar", "695003"],
      ["Vazhuthacaud", "695014"],
    ],
  },
  {
    name: "Dehradun",
    state: "Uttarakhand",
    std: "0135",
    localities: [
      ["Rajpur Road", "248001"],
      ["Ballupur", "248003"],
    ],
  },
];

const NAME_FIRST = [
  "Sanjeevani",
  "Arogya",
  "Lifeline",
  "Sunrise",
  "Apex",
  "Shanti",
  "Navjeevan",
  "Dhanvantari",
  "Jeevan Jyoti",
  "Prakash",
  "Green Valley",
  "Riverside",
  "Sri Sai",
  "City",
  "Metro",
  "Unity",
  "Kaveri",
  "Ganga",
  "Sahyadri",
  "Nilgiri",
  "Aravalli",
  "Lotus",
  "Amrit",
  "Seva",
  "Sparsh",
  "Suraksha",
  "Vatsalya",
  "Anand",
  "Nirmal",
  "Param",
] as const;

const KINDS: ReadonlyArray<readonly [string, readonly string[]]> = [
  [
    "Multispeciality Hospital",
    [
      "General medicine",
      "General surgery",
      "Cardiology",
      "Orthopaedics",
      "Neurology",
      "Gastroenterology",
      "Nephrology",
      "Obstetrics and gynaecology",
      "Paediatrics",
      "Emergency care",
    ],
  ],
  [
    "Hospital",
    [
      "General medicine",
      "General surgery",
      "Orthopaedics",
      "Obstetrics and gynaecology",
      "Paediatrics",
      "Emergency care",
    ],
  ],
  ["Heart Institute", ["Cardiology", "Cardiac surgery", "Emergency care"]],
  ["Eye Hospital", ["Ophthalmology", "Cataract surgery"]],
  ["Children's Hospital", ["Paediatrics", "Neonatal care", "Paediatric surgery"]],
  ["Maternity and Nursing Home", ["Obstetrics and gynaecology", "Neonatal care"]],
  ["Cancer Centre", ["Oncology", "Chemotherapy", "Radiation oncology"]],
  ["Kidney Care Centre", ["Nephrology", "Dialysis", "Urology"]],
  ["Bone and Joint Hospital", ["Orthopaedics", "Joint replacement", "Physiotherapy"]],
  ["Medical Centre", ["General medicine", "Diabetology", "Day-care procedures"]],
];

const STREETS = [
  "Main Road",
  "Ring Road",
  "Station Road",
  "Hospital Road",
  "MG Road",
  "Temple Street",
  "Lake View Road",
  "College Road",
  "Nehru Marg",
  "Gandhi Road",
];

/** A small deterministic generator (mulberry32): the same seed gives the same network at every start. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEED = 20260401;
/** Hospitals a PIN code's locality has: a few, so that the network is a few hundred across the cities. */
const PER_LOCALITY = 4;

function buildNetwork(): Hospital[] {
  const random = generator(SEED);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const hospitals: Hospital[] = [];
  const names = new Set<string>();
  for (const city of CITIES) {
    for (const [locality, pin] of city.localities) {
      for (let i = 0; i < PER_LOCALITY; i++) {
        const [kind, specialities] = pick(KINDS);
        let name = `${pick(NAME_FIRST)} ${kind}`;
        // Two hospitals of one name in one city would be one too many to tell apart: the locality says which.
        if (names.has(`${city.name}:${name}`)) name = `${name}, ${locality}`;
        names.add(`${city.name}:${name}`);
        const number = 1 + Math.floor(random() * 240);
        // A landline: the STD code without its 0 and the local number make ten digits.
        const digits = 11 - city.std.length;
        const local = String(2 * 10 ** (digits - 1) + Math.floor(random() * 7 * 10 ** (digits - 1)));
        hospitals.push({
          hospital_id: `HSP-${String(hospitals.length + 1).padStart(4, "0")}`,
          name,
          address: `${number}, ${pick(STREETS)}, ${locality}, ${city.name}, ${city.state} ${pin}`,
          city: city.name,
          state: city.state,
          pin_code: pin,
          phone: `${city.std} ${local}`,
          specialities: [...specialities],
          // Most network hospitals settle cashless; a few take the e-card for reimbursement only.
          cashless: random() >= 0.12,
        });
      }
    }
  }
  return hospitals;
}

export const NETWORK: readonly Hospital[] = buildNetwork();
const BY_ID = new Map(NETWORK.map((h) => [h.hospital_id, h]));

export function hospitalById(id: string): Hospital | undefined {
  return BY_ID.get(id);
}

export const CITY_NAMES: readonly string[] = CITIES.map((c) => c.name);

export interface HospitalQuery {
  /** One hospital by its id, as a form that names it asks. */
  id?: string;
  /** A city's name, or a 6-digit PIN code: the PIN's own hospitals first, then those of its postal district. */
  place?: string;
  name?: string;
  cashless_only?: boolean;
  page: number;
  page_size: number;
}

const fold = (s: string) => s.toLowerCase().replace(/\s+/g, " ").trim();

export function searchHospitals(q: HospitalQuery) {
  const place = q.place === undefined ? "" : fold(q.place);
  const name = q.name === undefined ? "" : fold(q.name);
  const pin = /^\d{6}$/.test(place) ? place : null;
  if (q.id !== undefined) {
    const one = hospitalById(q.id);
    return pageOf(one === undefined ? [] : [one], q);
  }
  const rank = (h: Hospital): number => {
    if (pin !== null) return h.pin_code === pin ? 0 : h.pin_code.slice(0, 3) === pin.slice(0, 3) ? 1 : -1;
    if (place === "") return 0;
    return fold(h.city) === place || fold(h.city).startsWith(place) ? 0 : -1;
  };
  const found = NETWORK.map((h) => ({ h, r: rank(h) }))
    .filter(({ h, r }) => r >= 0 && (name === "" || fold(h.name).includes(name)) && (!q.cashless_only || h.cashless))
    .sort((a, b) => a.r - b.r)
    .map(({ h }) => h);
  return pageOf(found, q);
}

function pageOf(found: readonly Hospital[], q: HospitalQuery) {
  const start = (q.page - 1) * q.page_size;
  return {
    hospitals: found.slice(start, start + q.page_size),
    total: found.length,
    page: q.page,
    page_size: q.page_size,
    sample: true,
    note: HOSPITALS_SAMPLE_NOTE,
  };
}
