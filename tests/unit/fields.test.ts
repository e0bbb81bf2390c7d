import { describe, expect, it } from "vitest";
import { MESSAGES } from "~/config/constants";
import { email, gstin, mobileNumber, otpCode, personName, totalEmployees } from "~/validation/fields";
import { gstinCheckCharacter } from "~/validation/gstin";

const message = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe("mobile number (docs/product.md, Sign-in)", () => {
  it.each(["9876543210", "+91 98765 43210", "919876543210", "09876543210", "98765-43210"])(
    "accepts %s as 9876543210",
    (raw) => {
      expect(mobileNumber.parse(raw)).toBe("9876543210");
    },
  );
  it.each(["5876543210", "987654321", "98765432101", "abcdefghij", "+1 9876543210"])("refuses %s", (raw) => {
    expect(message(mobileNumber.safeParse(raw))).toBe(MESSAGES.phoneInvalid);
  });
});

describe("one-time code", () => {
  it("is exactly four digits", () => {
    expect(otpCode.parse(" 1234 ")).toBe("1234");
    for (const bad of ["123", "12345", "12a4"]) expect(message(otpCode.safeParse(bad))).toBe(MESSAGES.codeInvalid);
  });
});

describe("GSTIN", () => {
  it("computes the check character of the worked example in docs/product.md", () => {
    expect(gstinCheckCharacter("27AAPFU0939F1Z")).toBe("V");
  });
  it("accepts valid GSTINs typed in lower case with spaces", () => {
    expect(gstin.parse("29aakcf2931m1z6")).toBe("29AAKCF2931M1Z6");
    expect(gstin.parse("33 AAHCS 4170P 1ZY")).toBe("33AAHCS4170P1ZY");
  });
  it("says which rule a bad GSTIN breaks", () => {
    expect(message(gstin.safeParse("29AAKCF2931M1Z"))).toBe(MESSAGES.gstinLength);
    expect(message(gstin.safeParse("29AAKCF2931M1Z6!"))).toBe(MESSAGES.gstinLength);
    expect(message(gstin.safeParse("40AAKCF2931M1Z6"))).toBe(MESSAGES.gstinState);
    expect(message(gstin.safeParse("29AAKC12931M1Z6"))).toBe(MESSAGES.gstinFormat);
    expect(message(gstin.safeParse("29AAKCF2931M1Z7"))).toBe(MESSAGES.gstinCheck);
  });
  it("knows 97 and 99 as state codes", () => {
    const body = "AAKCF2931M1Z";
    for (const state of ["97", "99"])
      expect(gstin.safeParse(`${state}${body}${gstinCheckCharacter(state + body)}`).success).toBe(true);
  });
});

describe("admin details", () => {
  it("takes letters and spaces only for a name", () => {
    expect(personName.parse("  Asha Rao ")).toBe("Asha Rao");
    expect(personName.safeParse("अनीता शर्मा").success).toBe(true);
    expect(message(personName.safeParse("Asha R4o"))).toBe(MESSAGES.nameLetters);
  });
  it("takes an email with a 2–20 letter top-level part, trimmed", () => {
    expect(email.parse(" Asha@Fernleaf.Example ")).toBe("asha@fernleaf.example");
    expect(email.safeParse("a@b.c").success).toBe(false);
    expect(email.safeParse(`a@b.${"x".repeat(21)}`).success).toBe(false);
  });
  it("takes no headcount, or 2 to 10,000", () => {
    expect(totalEmployees.parse(undefined)).toBeUndefined();
    expect(totalEmployees.parse(2)).toBe(2);
    expect(totalEmployees.parse(10_000)).toBe(10_000);
    for (const bad of [1, 10_001, 2.5]) expect(message(totalEmployees.safeParse(bad))).toBe(MESSAGES.employeesRange);
  });
});
