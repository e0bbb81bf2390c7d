// The sandbox GST registry's made-up companies (docs/product.md, GST details; docs/decisions/0051):
// any valid GSTIN not on the seeded list answers with a fictional company built from the GSTIN
// itself, so the same GSTIN always names the same company, in the state its first two digits say.

/** Fictional first words by the PAN's fifth character, which is the first letter of the holder's name. */
const NAMES: Record<string, readonly [string, string]> = {
  A: ["Amberly", "Astermoor"],
  B: ["Bluefinch", "Birchgrove"],
  C: ["Cobaltreed", "Cindermoss"],
  D: ["Driftmark", "Duskwillow"],
  E: ["Emberglen", "Elmstead"],
  F: ["Foxglade", "Fennelbrook"],
  G: ["Greywing", "Goldcrest"],
  H: ["Hazelmere", "Hollowpine"],
  I: ["Ironbark", "Indigoleaf"],
  J: ["Juniperhill", "Jadewater"],
  K: ["Kestrelfield", "Kingsmoss"],
  L: ["Lanternbay", "Larkspire"],
  M: ["Moonreed", "Mistvale"],
  N: ["Nettlecombe", "Northwren"],
  O: ["Oakhollow", "Opalridge"],
  P: ["Pinecrest", "Plumtide"],
  Q: ["Quartzmere", "Quillbrook"],
  R: ["Rookhaven", "Rosemarsh"],
  S: ["Saffronfield", "Silverbirch"],
  T: ["Thistledown", "Tidewell"],
  U: ["Umberfold", "Upland Wren"],
  V: ["Vervain", "Velvetmoor"],
  W: ["Willowmere", "Wrenfield"],
  X: ["Xanthe Ridge", "Xylo Works"],
  Y: ["Yarrowdale", "Yewbrook"],
  Z: ["Zephyrleaf", "Zinniafold"],
};

const TRADES = ["Analytics", "Logistics", "Textiles", "Software", "Foods", "Engineering", "Healthcare", "Retail"];

/** The PAN's fourth character says who holds it: C a company, F a firm (LLP), anything else a proprietor's trade name. */
function suffixFor(holder: string): string {
  if (holder === "C") return "Private Limited";
  if (holder === "F") return "LLP";
  return "Enterprises";
}

/** A city and PIN code in each state or territory, for the made-up address. */
const PLACES: Record<string, { city: string; pin: string }> = {
  "01": { city: "Srinagar", pin: "190001" },
  "02": { city: "Shimla", pin: "171001" },
  "03": { city: "Ludhiana", pin: "141001" },
  "04": { city: "Chandigarh", pin: "160017" },
  "05": { city: "Dehradun", pin: "248001" },
  "06": { city: "Gurugram", pin: "122001" },
  "07": { city: "New Delhi", pin: "110001" },
  "08": { city: "Jaipur", pin: "302001" },
  "09": { city: "Lucknow", pin: "226001" },
  "10": { city: "Patna", pin: "800001" },
  "11": { city: "Gangtok", pin: "737101" },
  "12": { city: "Itanagar", pin: "791111" },
  "13": { city: "Kohima", pin: "797001" },
  "14": { city: "Imphal", pin: "795001" },
  "15": { city: "Aizawl", pin: "796001" },
  "16": { city: "Agartala", pin: "799001" },
  "17": { city: "Shillong", pin: "793001" },
  "18": { city: "Guwahati", pin: "781001" },
  "19": { city: "Kolkata", pin: "700001" },
  "20": { city: "Ranchi", pin: "834001" },
  "21": { city: "Bhubaneswar", pin: "751001" },
  "22": { city: "Raipur", pin: "492001" },
  "23": { city: "Indore", pin: "452001" },
  "24": { city: "Ahmedabad", pin: "380001" },
  "25": { city: "Daman", pin: "396210" },
  "26": { city: "Silvassa", pin: "396230" },
  "27": { city: "Pune", pin: "411001" },
  "28": { city: "Vijayawada", pin: "520001" },
  "29": { city: "Bengaluru", pin: "560001" },
  "30": { city: "Panaji", pin: "403001" },
  "31": { city: "Kavaratti", pin: "682555" },
  "32": { city: "Kochi", pin: "682001" },
  "33": { city: "Chennai", pin: "600001" },
  "34": { city: "Puducherry", pin: "605001" },
  "35": { city: "Port Blair", pin: "744101" },
  "36": { city: "Hyderabad", pin: "500001" },
  "37": { city: "Visakhapatnam", pin: "530001" },
  "38": { city: "Leh", pin: "194101" },
};

/**
 * The GST portal's own example GSTIN, kept unregistered so the registry's "not found" answer stays
 * reachable (the app must still handle it from a real upstream).
 */
export const UNREGISTERED_GSTINS: ReadonlySet<string> = new Set(["27AAPFU0939F1ZV"]);

export interface SampleCompany {
  company_name: string;
  address: string;
}

/** The made-up company of a valid GSTIN (already checked), whose state is `stateName`. */
export function sampleCompanyOf(gstin: string, stateName: string): SampleCompany {
  const holder = gstin[5]!;
  const initial = gstin[6]!;
  const digits = Number.parseInt(gstin.slice(7, 11), 10);
  const name = NAMES[initial]![digits % 2];
  const trade = TRADES[Math.floor(digits / 2) % TRADES.length];
  const place = PLACES[gstin.slice(0, 2)];
  const street = `${(digits % 90) + 10} Sample Road`;
  return {
    company_name: `${name} ${trade} ${suffixFor(holder)}`,
    address: `${place === undefined ? street : `${street}, ${place.city} ${place.pin}`}, ${stateName} (sample data)`,
  };
}
