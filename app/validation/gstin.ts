import { GSTIN_LENGTH } from "~/config/constants";

/**
 * GSTIN structure and check character (docs/product.md, Checkout steps: 2-digit state code, PAN, entity number, Z,
 * Luhn mod 36 check). The app checks it itself so a typo is caught before any call upstream.
 */
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const STRUCTURE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

export function isKnownStateCode(code: string): boolean {
  const n = Number(code);
  return /^\d{2}$/.test(code) && ((n >= 1 && n <= 38) || n === 97 || n === 99);
}

export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = ALPHABET.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36];
}

export type GstinProblem = "length" | "state" | "format" | "check";

/** The first thing wrong with a normalised GSTIN, or null when it is valid. */
export function gstinProblem(gstin: string): GstinProblem | null {
  if (gstin.length !== GSTIN_LENGTH || !/^[0-9A-Z]+$/.test(gstin)) return "length";
  if (!isKnownStateCode(gstin.slice(0, 2))) return "state";
  if (!STRUCTURE.test(gstin)) return "format";
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return "check";
  return null;
}

/** People paste GSTINs with spaces, dashes and lower case. */
export function normaliseGstin(value: string): string {
  return value.replace(/[\s-]/g, "").toUpperCase();
}
