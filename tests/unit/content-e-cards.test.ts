import { describe, expect, it } from "vitest";
import { HOME } from "~/content/home";
import { PRODUCTS } from "~/content/products";

/**
 * docs/product.md, Public pages: the public pages promise e-cards as they happen. Cover starts the day of
 * payment; the policy and its e-cards are issued, and emailed to each employee, the moment the census is
 * complete (Members, policy and e-cards), so no page promises a number of hours after payment.
 */
describe("the public e-card promise", () => {
  const copy = JSON.stringify([HOME, PRODUCTS]);

  it("promises no hours after payment", () => {
    expect(copy).not.toMatch(/within 24 hours of payment|e-cards reach employees within/i);
  });

  it("says e-cards follow the naming of the team, on the home page and the product page", () => {
    expect(JSON.stringify(HOME)).toContain("Name your team online and e-cards are emailed to each employee at once");
    const health = PRODUCTS.find((p) => p.slug === "group-health-insurance");
    expect(JSON.stringify(health)).toContain("Name your team and e-cards are emailed to them at once");
  });
});
