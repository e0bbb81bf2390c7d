import { API, ORIGIN, expect, test } from "./fixtures";
import { membershipOrderId, nameTeamOverApi, payOverApi } from "../support/membership";
import { passMembershipDays } from "../support/test-clock";

/**
 * docs/product.md, The end of the cover: after the cover's last day the membership says the cover has
 * ended, and on which day, and every e-card is listed as expired, whatever the billing.
 */

const TEAM = [
  { employee_code: "E-1", full_name: "Asha Rao", date_of_birth: "1995-01-01" },
  { employee_code: "E-2", full_name: "Ravi Kumar", date_of_birth: "1995-02-02" },
];

for (const javaScriptEnabled of [false, true]) {
  test.describe(`the end of the cover, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a yearly cover past its last day is shown as ended, its e-cards as expired", async ({ page, adminAt }) => {
      const admin = await adminAt("payment", {
        people: [{ band: "18-35", range: "1A", count: 2 }],
        policy: "yearly",
        employees: 2,
      });
      await payOverApi(ORIGIN, admin.token, "yearly");
      await nameTeamOverApi(ORIGIN, admin.token, TEAM);

      await page.goto("/membership");
      await expect(page.getByText("Active", { exact: true })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Your cover is in place" })).toBeVisible();

      // A year and a day pass for this membership: its last day is behind it.
      await passMembershipDays(API, await membershipOrderId(ORIGIN, admin.token), 366);
      await page.goto("/membership");
      await expect(page.getByText("Ended", { exact: true })).toBeVisible();
      const ended = page.getByRole("heading", { name: /^Your cover ended on \d{1,2} \w+ \d{4}$/ });
      await expect(ended).toBeVisible();
      await expect(page.getByRole("heading", { name: "Your cover is in place" })).toHaveCount(0);
      await expect(page.getByText("Active", { exact: true })).toHaveCount(0);

      await page.goto("/membership/members");
      await expect(page.getByRole("row", { name: /Asha Rao .*Expired .*\(old e-card\)/ })).toBeVisible();
      await expect(page.getByRole("row", { name: /Ravi Kumar .*Expired .*\(old e-card\)/ })).toBeVisible();
    });
  });
}
