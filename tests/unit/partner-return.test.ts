import { describe, expect, it } from "vitest";
import { partnerReturnFor } from "~/content/partner-landings";

/**
 * Spec row 3.21 (`from`, "a host to return to"; decisions 0020 and 0039): the way back is offered only to
 * the three finance partners' domains and their subdomains, named by the partner; any other host, or one
 * that only looks like a partner's, gets no link.
 */
describe("the way back to a finance partner", () => {
  it("leads to an allow-listed partner's own host, named by the partner", () => {
    expect(partnerReturnFor("godrejcapital.example")).toEqual({
      href: "https://godrejcapital.example/",
      name: "Godrej Capital",
    });
    expect(partnerReturnFor("loans.godrejfinance.example")).toEqual({
      href: "https://loans.godrejfinance.example/",
      name: "Godrej Finance",
    });
    expect(partnerReturnFor("GodrejHousingFinance.example")).toEqual({
      href: "https://godrejhousingfinance.example/",
      name: "Godrej Housing Finance",
    });
  });

  it("is not offered to any other host", () => {
    for (const host of [
      undefined,
      null,
      "",
      "workbay.example",
      "evil.example",
      "notgodrejcapital.example",
      "godrejcapital.example.evil.example",
      "https://godrejcapital.example/",
      "godrejcapital.example/path",
      "godrejcapital.example:8080",
      "user@godrejcapital.example",
      "javascript:alert(1)//godrejcapital.example",
    ])
      expect(partnerReturnFor(host), String(host)).toBeNull();
  });
});
