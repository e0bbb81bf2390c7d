import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { payAndNameTeam } from "../support/membership";
import { OUTBOX_HEADERS } from "../support/outbox";
import { freshGstin } from "../support/cart";
import { ORIGIN, expect, test } from "./fixtures";

/**
 * docs/product.md, Corrections: beside each member the admin corrects their details (a refusal said on
 * the form, the correction saved with its endorsement, on the statement, and the employee emailed new
 * e-cards), removes an employee through the leaver's form with them chosen, and adds to their family.
 */

/** Today in India, as the API dates a leaver's last day. */
const todayInIndia = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/** No serious or critical accessibility violations on the page as it stands (axe runs as a script in the page). */
async function expectAccessible(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

for (const [javaScriptEnabled, width] of [
  [false, 360],
  [true, 1280],
] as const) {
  test.describe(`corrections, JavaScript ${javaScriptEnabled ? "on" : "off"}, ${width} px`, () => {
    test.use({ javaScriptEnabled, viewport: { width, height: 900 } });

    test("edit a member, remove an employee chosen from the list, manage their dependants", async ({
      page,
      adminAt,
    }) => {
      const admin = await adminAt("payment", {
        gstin: freshGstin("07"),
        employees: 3,
        people: [{ band: "18-35", range: "1A", count: 3 }],
      });
      await payAndNameTeam(ORIGIN, admin.token, ["E-1", "E-2", "E-3"]);

      await page.goto("/membership/members");
      await expectAccessible(page, javaScriptEnabled);
      await page.getByRole("link", { name: "Edit Employee E-1" }).click();
      await expect(page).toHaveURL(/\/membership\/members\/[^/]+\/edit$/);
      await expect(page.getByRole("heading", { level: 1, name: "Correct Employee E-1’s details" })).toBeVisible();
      await expectAccessible(page, javaScriptEnabled);

      // A date of birth that leaves the band the premium was priced on is refused, with the reason.
      await page.getByLabel("Full name").fill("Asha Verma");
      await page.getByLabel("Date of birth").fill("1985-01-01");
      await page.getByRole("button", { name: "Save the correction" }).click();
      const summary = page.locator(".error-summary");
      await expect(summary).toContainText("that moves them from the 18–35 years band");
      await expect(summary).toBeFocused();
      await expect(page.getByLabel("Full name")).toHaveValue("Asha Verma");
      await expectAccessible(page, javaScriptEnabled);

      // The name alone: saved at once, with its endorsement.
      await page.getByLabel("Date of birth").fill("1995-01-01");
      await page.getByRole("button", { name: "Save the correction" }).click();
      await expect(page).toHaveURL(/\/membership\/members$/);
      await expect(
        page.getByText(/^Asha Verma’s name corrected \(endorsement KVP\/\d{4}\/\d{6}\/E001\)/),
      ).toBeVisible();
      await expect(page.getByRole("cell", { name: "Asha Verma", exact: true })).toBeVisible();

      // The employee has their e-cards again, with the corrected name.
      const tag = admin.token
        .slice(-8)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, "x");
      const outbox = await (
        await page.request.get(`/api/sandbox/emails?to=${encodeURIComponent(`e-1.${tag}@fernleaf.example`)}`, {
          headers: OUTBOX_HEADERS,
        })
      ).json();
      const corrected = (outbox.data as { subject: string; text: string }[]).find((e) =>
        e.subject.startsWith("Your details are corrected and your e-cards issued again"),
      );
      expect(corrected?.text).toContain("has corrected Asha Verma's name");

      // Manage dependants: the family event's form for that employee, chosen.
      await page.getByRole("link", { name: "Manage dependants of Employee E-2" }).click();
      await expect(page).toHaveURL(/\/membership\/changes\?family=/);
      await expect(page.getByText("For the family of Employee E-2 (employee code E-2).")).toBeVisible();

      // Remove: the leaver's form with the employee chosen, not typed.
      await page.goto("/membership/members");
      await page.getByRole("link", { name: "Remove Asha Verma" }).click();
      await expect(page.getByText("Leaving: Asha Verma (employee code E-1).")).toBeVisible();
      await expectAccessible(page, javaScriptEnabled);
      const leaver = page.getByRole("region", { name: "Remove a leaver" });
      await leaver.getByLabel("Last day").fill(todayInIndia());
      await leaver.getByLabel("Reason").fill("Resigned");
      await leaver.getByRole("button", { name: "See the refund" }).click();
      await expect(page).toHaveURL(/\/membership\/changes\/[^/?]+$/);
      // The quote names the person chosen, by their corrected name.
      await expect(page.getByRole("heading", { level: 1, name: "Check the price" })).toBeVisible();
      await expect(page.getByText("Remove Asha Verma (E-1)").first()).toBeVisible();

      // The statement names the correction, at no charge, with its endorsement.
      await page.goto("/membership");
      const statement = page.getByRole("region", { name: "Changes during the year" });
      await expect(statement.getByText("Correction: name: E-1")).toBeVisible();
      await expect(statement.getByText(/^Endorsement KVP\/\d{4}\/\d{6}\/E001$/)).toBeVisible();
      // And in its CSV: a correction, no charge, its endorsement.
      const csv = await (await page.request.get("/membership/statement.csv")).text();
      expect(csv).toMatch(/,correction,E-1,,,[^,]+,Correction: name,none,0\.00,KVP\/\d{4}\/\d{6}\/E001,/);
      await expectAccessible(page, javaScriptEnabled);
    });
  });
}
