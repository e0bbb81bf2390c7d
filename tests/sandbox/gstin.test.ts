import { describe, expect, it } from "vitest";
import { checkGstin, gstinCheckCharacter } from "../../sandbox/shared/gstin";
import { COMPANIES, STATES } from "../../sandbox/store/seed-data";

describe("GSTIN check character (Luhn mod 36)", () => {
  it("matches the worked example in docs/product.md", () => {
    expect(gstinCheckCharacter("27AAPFU0939F1Z")).toBe("V");
    expect(checkGstin("27AAPFU0939F1ZV")).toEqual({ ok: true, gstin: "27AAPFU0939F1ZV" });
  });

  it.each(["29AAKCF2931M1Z6", "33AAHCS4170P1ZY", "07AAFCT1128B1ZV", "24AADCR7793L1ZR"])(
    "accepts the registry company %s",
    (gstin) => {
      expect(gstinCheckCharacter(gstin.slice(0, 14))).toBe(gstin[14]);
      expect(checkGstin(gstin).ok).toBe(true);
    },
  );

  it("passes every seeded GSTIN, each in a known state and unique", () => {
    const states = new Set(STATES.map((s) => s.code));
    for (const c of COMPANIES) {
      expect(checkGstin(c.gstin), c.gstin).toEqual({ ok: true, gstin: c.gstin });
      expect(c.gstin.slice(0, 2)).toBe(c.state_code);
      expect(states.has(c.state_code)).toBe(true);
    }
    expect(new Set(COMPANIES.map((c) => c.gstin)).size).toBe(COMPANIES.length);
    expect(COMPANIES.length).toBeGreaterThanOrEqual(24);
  });

  it("rejects every wrong check character", () => {
    const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    for (const c of alphabet) {
      if (c === "V") continue;
      const result = checkGstin(`27AAPFU0939F1Z${c}`);
      expect(result.ok).toBe(false);
    }
  });

  it("normalises case and surrounding spaces", () => {
    expect(checkGstin("  29aakcf2931m1z6 ")).toEqual({ ok: true, gstin: "29AAKCF2931M1Z6" });
  });

  it.each([
    ["", "A GSTIN has exactly 15 letters or digits."],
    ["29AAKCF2931M1Z", "A GSTIN has exactly 15 letters or digits."],
    ["29AAKCF2931M1Z6X", "A GSTIN has exactly 15 letters or digits."],
    ["29AAKCF2931M1Z-", "A GSTIN has exactly 15 letters or digits."],
  ])("rejects the wrong length or characters: %j", (input, msg) => {
    expect(checkGstin(input)).toEqual({ ok: false, msg });
  });

  it.each([
    "00AAKCF2931M1Z6", // no state 00
    "40AAKCF2931M1Z6", // no state 40
    "2912KCF2931M1Z6", // PAN must start with five letters
    "29AAKCF293XM1Z6", // then four digits
    "29AAKCF29311M1Z", // then a letter
    "29AAKCF2931M0Z6", // entity number 0 does not exist
    "29AAKCF2931M1Y6", // 14th is Z
  ])("rejects a bad structure: %s", (input) => {
    const result = checkGstin(input);
    expect(result.ok).toBe(false);
  });

  it("explains a check-character mismatch", () => {
    expect(checkGstin("29AAKCF2931M1Z7")).toEqual({
      ok: false,
      msg: "29AAKCF2931M1Z7 is not a valid GSTIN: its last character does not match. Check for a typo.",
    });
  });
});
