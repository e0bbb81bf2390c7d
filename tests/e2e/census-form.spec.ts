import type { Locator, Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { ORIGIN, expect, test } from "./fixtures";
import { nameTeamOverApi, payOverApi } from "../support/membership";

/**
 * docs/product.md, Accessibility: a refused membership form opens on its error summary, script off (the
 * page the server sends lands on it) and on (the focus moves to it), each message naming the person it is
 * about; an upload's results open where the admin is looking; every field has the site's 48 px style.
 */

const HEADER = "employee_code,full_name,gender,date_of_birth,relationship,mobile,email,date_of_joining";

/** Today in India, as a change is dated. */
const todayInIndia = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/** No serious or critical accessibility violations on the page as it stands. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** What the admin is shown: focused, and within the viewport (the page landed on it). */
async function expectLandedOn(target: Locator) {
  await expect(target).toBeFocused();
  await expect(target).toBeInViewport();
}

/** Every text field and select of a form is the site's field, not the browser's own 21 px control. */
async function expectSiteFields(form: Locator) {
  const heights = await form
    .locator("input:not([type=hidden]):not([type=radio]):not([type=checkbox]), select")
    .evaluateAll((inputs) => inputs.map((i) => `${i.getAttribute("name")} ${i.getBoundingClientRect().height}`));
  expect(heights.length).toBeGreaterThan(0);
  for (const line of heights) expect(Number(line.split(" ")[1]), line).toBeGreaterThanOrEqual(48);
}

for (const [javaScriptEnabled, width] of [
  [false, 360],
  [true, 1280],
] as const) {
  test.describe(`membership forms, JavaScript ${javaScriptEnabled ? "on" : "off"}, ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });
    // Script off as axe can still run: the app's script (Remix's client and the page script, from /build/) refused.
    test.beforeEach(async ({ context }) => {
      if (!javaScriptEnabled) await context.route(/\/build\/.*\.js$/, (route) => route.abort());
    });

    test("a refused add and a file with rows to fix each open on what they say, naming the person", async ({
      page,
      adminAt,
    }) => {
      test.slow();
      const admin = await adminAt("payment", { employees: 2, people: [{ band: "36-45", range: "2A+2C", count: 2 }] });
      await payOverApi(ORIGIN, admin.token, "yearly");
      await page.goto("/membership/members");
      if (javaScriptEnabled) await expect.poll(() => page.evaluate(() => "__remixRouter" in window)).toBe(true);

      const add = page.getByRole("region", { name: "Add an employee" });
      await expectSiteFields(add);
      await add.getByLabel("Spouse’s full name").fill("Meena Kumar");
      await add.getByRole("button", { name: "Add to the team" }).click();
      const summary = add.locator(".error-summary");
      await expectLandedOn(summary);
      // The same field asked of two people: each message says whose it is.
      await expect(summary.getByRole("link", { name: "Employee: Enter the full name" })).toBeVisible();
      await expect(summary.getByRole("link", { name: "Spouse: Enter a real date of birth" })).toBeVisible();
      await expect(summary.getByRole("link", { name: /^Employee: Enter a real date of birth/ })).toBeVisible();
      await expectAccessible(page);

      // A file with a row to fix: the results are where the admin is, not at the top of the page.
      const upload = page.getByRole("region", { name: "Upload a spreadsheet" });
      await expectSiteFields(upload);
      await upload.getByLabel(/CSV or Excel file/).setInputFiles({
        name: "team.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(
          `${HEADER}\r\nE-1,Ravi Kumar,male,15-08-1986,self,12345,ravi@fernleaf.example,01/06/2024\r\n`,
          "utf8",
        ),
      });
      await upload.getByRole("button", { name: "Upload and check" }).click();
      await expectLandedOn(page.getByRole("heading", { name: "0 rows ready, 1 row needs fixing" }));
      await expect(page.locator(".upload-results .error-summary")).toContainText("Enter a 10-digit mobile number");
      await expectAccessible(page);

      // A file that is no spreadsheet: its refusal is where the admin is looking.
      await upload.getByLabel(/CSV or Excel file/).setInputFiles({
        name: "team.csv",
        mimeType: "text/csv",
        buffer: Buffer.from("%PDF-1.7\n"),
      });
      await upload.getByRole("button", { name: "Upload and check" }).click();
      await expectLandedOn(upload.locator(".error-summary", { hasText: "The file could not be used" }));

      // With the file's answer still shown, a refused add opens on the add form's summary, not on that answer.
      await add.getByRole("button", { name: "Add to the team" }).click();
      await expectLandedOn(summary);
    });

    test("a refused joiner, family event and leaver each open on their summary", async ({ page, adminAt }) => {
      test.slow();
      const admin = await adminAt("payment", { employees: 2, people: [{ band: "36-45", range: "2A+2C", count: 2 }] });
      await payOverApi(ORIGIN, admin.token, "yearly");
      await nameTeamOverApi(ORIGIN, admin.token, [
        { employee_code: "E-1", full_name: "Asha Rao", date_of_birth: "1985-01-01" },
        { employee_code: "E-2", full_name: "Ravi Kumar", date_of_birth: "1984-01-01" },
      ]);
      await page.goto("/membership/changes");
      if (javaScriptEnabled) await expect.poll(() => page.evaluate(() => "__remixRouter" in window)).toBe(true);

      const joiner = page.getByRole("region", { name: "Add a joiner" });
      await expectSiteFields(joiner);
      await joiner.getByLabel("Age band and family cover").selectOption({ index: 1 });
      await joiner.getByLabel("Date of joining").fill(todayInIndia());
      await joiner.getByLabel("Spouse’s full name").fill("Meena Kumar");
      await joiner.getByRole("button", { name: "See the price" }).click();
      await expectLandedOn(joiner.locator(".error-summary"));
      await expect(
        joiner.locator(".error-summary").getByRole("link", { name: "Joiner: Enter the full name" }),
      ).toBeVisible();
      await expect(
        joiner.locator(".error-summary").getByRole("link", { name: "Spouse: Enter a real date of birth" }),
      ).toBeVisible();
      await expectAccessible(page);

      // Further down the page: the family event's form, its choices the site's too.
      const family = page.getByRole("region", { name: "Add a family member" });
      await expectSiteFields(family);
      await family.getByRole("button", { name: "See the price" }).click();
      await expectLandedOn(family.locator(".error-summary"));
      await expectAccessible(page);

      const leaver = page.getByRole("region", { name: "Remove a leaver" });
      await leaver.getByRole("button", { name: "See the refund" }).click();
      await expectLandedOn(leaver.locator(".error-summary"));

      const upload = page.getByRole("region", { name: "Upload several changes" });
      await expectSiteFields(upload);
      await upload.getByLabel("CSV or Excel file").setInputFiles({
        name: "changes.csv",
        mimeType: "text/csv",
        buffer: Buffer.from("%PDF-1.7\n"),
      });
      await upload.getByRole("button", { name: "Upload and check" }).click();
      await expectLandedOn(upload.locator(".error-summary", { hasText: "The file could not be used" }));
      await expectAccessible(page);
    });
  });
}
