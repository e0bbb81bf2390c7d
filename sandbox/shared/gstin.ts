// GSTIN structure and check character (docs/product.md, Checkout steps).

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

// 01–38 states and union territories, 97 other territory, 99 centre jurisdiction.
// 25 merged into 26 in 2020, but old registrations may still carry it, so it stays valid.
const STATE_CODE = "(?:0[1-9]|[12][0-9]|3[0-8]|97|99)";
// State code, PAN (5 letters, 4 digits, 1 letter), entity number 1–9/A–Z, "Z", check character.
const STRUCTURE = new RegExp(`^${STATE_CODE}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$`);

const GSTIN_LENGTH = 15;

/** Luhn mod 36 over the first 14 characters: weights 1, 2, 1, 2, … left to right, products folded. */
export function gstinCheckCharacter(first14: string): string {
  if (first14.length !== GSTIN_LENGTH - 1) throw new Error("gstinCheckCharacter needs 14 characters");
  let sum = 0;
  for (let i = 0; i < first14.length; i++) {
    const value = ALPHABET.indexOf(first14[i]!);
    if (value < 0) throw new Error(`not a GSTIN character: ${first14[i]}`);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36]!;
}

export type GstinCheck = { ok: true; gstin: string } | { ok: false; msg: string };

/** Normalises (trim, upper case) and checks structure and check character. */
export function checkGstin(input: string): GstinCheck {
  const gstin = input.trim().toUpperCase();
  if (gstin.length !== GSTIN_LENGTH || !/^[0-9A-Z]+$/.test(gstin)) {
    return { ok: false, msg: "A GSTIN has exactly 15 letters or digits." };
  }
  if (!STRUCTURE.test(gstin)) {
    return { ok: false, msg: `${gstin} is not a valid GSTIN. Check the state code and PAN part.` };
  }
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) {
    return { ok: false, msg: `${gstin} is not a valid GSTIN: its last character does not match. Check for a typo.` };
  }
  return { ok: true, gstin };
}
