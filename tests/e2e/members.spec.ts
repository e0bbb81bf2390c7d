import { execFileSync } from "node:child_process";
import type { Browser, Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { payOverApi } from "../support/membership";
import { type AdminFixtures, expect, ORIGIN, test } from "./fixtures";
import { pay } from "./helpers";
import { OUTBOX_HEADERS } from "../support/outbox";

/**
 * docs/product.md, Member census: after payment the admin names the team (a file with rejected rows
 * fixed and uploaded again, an Excel workbook, the add-one form), the policy and e-cards are issued,
 * and no other admin can see any of it.
 */

const HEADER = "employee_code,full_name,gender,date_of_birth,relationship,mobile,email,date_of_joining";

/** Three employees aged 18–35 alone (1A) and one aged 36–45 with family (2A+2C), yearly. */
const TEAM_OF_FOUR = {
  employees: 4,
  people: [
    { band: "18-35", range: "1A", count: 3 },
    { band: "36-45", range: "2A+2C", count: 1 },
  ],
};

/** Buys cover for TEAM_OF_FOUR: the cart from the fixture, paid on the payment page. */
async function buy(page: Page, adminAt: AdminFixtures["adminAt"]): Promise<string> {
  const { mobile } = await adminAt("payment", TEAM_OF_FOUR);
  await page.goto("/checkout/payment");
  await pay(page);
  await page.getByRole("button", { name: /— Success$/ }).click();
  await expect(page).toHaveURL(/\/teamsure\/verify-payment\?order_id=order_/);
  return mobile;
}

const csvFile = (lines: string[]) => ({
  name: "team.csv",
  mimeType: "text/csv",
  buffer: Buffer.from(`\uFEFF${[HEADER, ...lines].join("\r\n")}\r\n`),
});

async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel(/CSV or Excel file/).setInputFiles(file);
  await page.getByRole("button", { name: "Upload and check" }).click();
}

/** Downloads what a link leads to and reads it back as text with pdftotext. */
async function pdfText(page: Page, link: RegExp): Promise<string> {
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: link }).first().click();
  const path = await (await downloading).path();
  return execFileSync("pdftotext", ["-layout", path, "-"], { encoding: "utf8" });
}

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Team");
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A second company's admin, signed in in a browser of their own. */
async function otherAdmin(browser: Browser, adminAt: AdminFixtures["adminAt"]) {
  const context = await browser.newContext();
  await adminAt("gst", { context });
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

for (const [javaScriptEnabled, width] of [
  [false, 360],
  [true, 1280],
] as const) {
  test.describe(`member census, JavaScript ${javaScriptEnabled ? "on" : "off"}, ${width} px`, () => {
    test.use({ javaScriptEnabled, viewport: { width, height: 900 } });

    test("names the team from files and the form, then issues the policy and e-cards to this admin only", async ({
      page,
      browser,
      adminAt,
    }) => {
      test.slow();
      const mobile = await buy(page, adminAt);
      const tag = mobile.slice(-6);
      const email = (code: string) => `${code.toLowerCase()}.${tag}@fernleaf.example`;

      // The success page says what happens next and leads to the task list.
      await expect(page.getByRole("heading", { name: "What happens next" })).toBeVisible();
      // Who is covered before the team is named, and by when to name them, said before anyone is named.
      await expect(page.locator(".before-named")).toContainText(
        "Who is covered meanwhile: no one yet. Once the policy is issued, everyone you name is covered from the day you paid",
      );
      await expect(page.locator(".before-named")).toContainText("Name your team today");
      await page.getByRole("link", { name: "Go to your membership" }).click();
      await expect(page.locator(".before-named")).toContainText(
        /everyone you name is covered from \d{1,2} \w+ \d{4}; until then/,
      );
      const tasks = page.locator(".task-list");
      await expect(tasks.getByRole("listitem").first()).toContainText("Add your team’s details");
      await expect(tasks.getByRole("listitem").first()).toContainText("Not started");
      await expect(tasks.getByRole("listitem").nth(1)).toContainText("Cannot start yet");
      await expect(page.getByText("Lives covered")).toBeVisible();
      await page.getByRole("link", { name: "Add your team’s details" }).click();
      await expect(page).toHaveURL(/\/membership\/members$/);
      await expect(page.getByRole("heading", { name: "Your team’s details" })).toBeVisible();

      // A file with rows to fix: a bad mobile (the app's rule) and a spouse on employee-only cover (the API's).
      await upload(
        page,
        csvFile([
          `E-1,Ravi Kumar,male,15-08-1996,self,+91 98765 43210,${email("E-1")},01/06/2024`,
          `E-2,அனிதா சுப்பிரமணியம்,female,1997-03-02,self,12345,${email("E-2")},2024-06-01`,
          `E-1,Meena Kumar,female,1996-01-01,spouse,,,`,
        ]),
      );
      await expect(page.getByRole("heading", { name: "1 row ready, 2 rows need fixing" })).toBeVisible();
      const rejected = page.locator(".error-summary table tbody tr");
      await expect(rejected).toHaveCount(2);
      await expect(rejected.nth(0)).toContainText("3");
      await expect(rejected.nth(0)).toContainText("Mobile");
      await expect(rejected.nth(0)).toContainText("12345");
      await expect(rejected.nth(0)).toContainText("Enter a 10-digit mobile number starting with 6, 7, 8 or 9");
      await expect(rejected.nth(1)).toContainText("4");
      await expect(rejected.nth(1)).toContainText("Employee only cover (1A) takes no dependants");
      // Nothing is saved before the admin confirms.
      await expect(page.getByText("No one is named yet.")).toBeVisible();

      // Fixed and uploaded again: both rows ready, confirmed.
      await upload(
        page,
        csvFile([
          `E-1,Ravi Kumar,male,15-08-1996,self,+91 98765 43210,${email("E-1")},01/06/2024`,
          `E-2,அனிதா சுப்பிரமணியம்,female,1997-03-02,self,09876501234,${email("E-2")},2024-06-01`,
        ]),
      );
      await expect(page.getByRole("heading", { name: "2 rows ready, 0 rows need fixing" })).toBeVisible();
      await page.getByRole("button", { name: "Confirm and add 2 members" }).click();
      await expect(page.getByText("2 members added.")).toBeVisible();
      await expect(page.getByRole("cell", { name: "அனிதா சுப்பிரமணியம்", exact: true })).toBeVisible();
      await expect(page.getByText("2 of 4 employees named")).toBeVisible();

      // The same file again: the people saved are skipped, not rows to fix, and nothing is added twice.
      await upload(
        page,
        csvFile([
          `E-1,Ravi Kumar,male,15-08-1996,self,+91 98765 43210,${email("E-1")},01/06/2024`,
          `E-2,அனிதா சுப்பிரமணியம்,female,1997-03-02,self,09876501234,${email("E-2")},2024-06-01`,
        ]),
      );
      await expect(
        page.getByRole("heading", { name: "0 rows ready, 0 rows need fixing, 2 already added, skipped" }),
      ).toBeVisible();
      await expect(page.locator(".error-summary")).toHaveCount(0);
      await expect(page.getByText("2 of 4 employees named")).toBeVisible();

      // The template as downloaded: its example row is a fictitious person, refused, never added.
      const template = await page.request.get("/membership/members/template.csv");
      await upload(page, { name: "template.csv", mimeType: "text/csv", buffer: await template.body() });
      await expect(page.getByRole("heading", { name: "0 rows ready, 1 row needs fixing" })).toBeVisible();
      await expect(page.locator(".error-summary")).toContainText(
        "This is the template’s example row: delete it, then add your team",
      );

      // The add-one form: a field's problem beside it, then the employee added.
      await page.getByLabel("Employee code").fill("E-3");
      await page.getByLabel("Full name", { exact: true }).fill("Priya Nair");
      await page.getByLabel("Gender").first().selectOption("female");
      await page.getByLabel("Date of birth").first().fill("1999-11-20");
      await page.getByLabel("Mobile").fill("98765");
      await page.getByRole("textbox", { name: "Email" }).fill(email("E-3"));
      await page.getByLabel("Date of joining").fill("2025-01-06");
      await page.getByRole("button", { name: "Add to the team" }).click();
      await expect(
        page
          .getByRole("group", { name: "Employee", exact: true })
          .getByText("Enter a 10-digit mobile number starting with 6, 7, 8 or 9"),
      ).toBeVisible();
      await expect(page.getByLabel("Full name", { exact: true })).toHaveValue("Priya Nair");
      await page.getByLabel("Mobile").fill("9876512345");
      await page.getByRole("button", { name: "Add to the team" }).click();
      await expect(page.getByText("Priya Nair added.")).toBeVisible();

      // The last employee and their family from an Excel workbook (a real Excel date cell), which completes the census.
      await upload(page, {
        name: "family.xlsx",
        mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        buffer: await workbook([
          [
            "Full name",
            "Employee code",
            "Relationship",
            "Gender",
            "Date of birth",
            "Mobile",
            "Email",
            "Date of joining",
          ],
          [
            "Arjun Mehta",
            "E-4",
            "self",
            "male",
            new Date(Date.UTC(1984, 1, 10)),
            9812345678,
            email("E-4"),
            "2020-04-01",
          ],
          ["Kavya Mehta", "E-4", "spouse", "female", "05/05/1986", null, null, null],
          ["Vihaan Mehta", "E-4", "son", "male", "2015-07-01", null, null, null],
        ]),
      });
      await expect(page.getByRole("heading", { name: "3 rows ready, 0 rows need fixing" })).toBeVisible();
      await page.getByRole("button", { name: "Confirm and add 3 members" }).click();
      await expect(page.getByText("3 members added.")).toBeVisible();

      // Everyone is named: the policy, its certificate and the e-cards.
      await expect(page.getByText("Everyone your cover was bought for is named.")).toBeVisible();
      const policyNumber = (await page.locator("#policy dd").first().textContent())!.trim();
      expect(policyNumber).toMatch(/\S/);
      const certificate = await pdfText(page, /Certificate of insurance/);
      expect(certificate).toContain(policyNumber);
      // The cart on the payment step bought a company of its own (tests/support/cart.ts, freshGstin).
      expect(certificate).toMatch(/29ZZ[A-Z]{3}\d{4}[A-Z]1Z[0-9A-Z]/);
      // Its policy wording is a page this site serves, at the address the certificate prints.
      const wording = new URL(/Policy wording\s+(https?:\S+)/.exec(certificate)![1]!);
      expect(wording.port).toBe(new URL(ORIGIN).port);
      const wordingPage = await page.request.get(wording.pathname);
      expect(wordingPage.status()).toBe(200);
      expect(await wordingPage.text()).toContain("policy wording");
      const cards = await pdfText(page, /All e-cards/);
      for (const name of ["Ravi Kumar", "Priya Nair", "Arjun Mehta", "Kavya Mehta", "Vihaan Mehta"])
        expect(cards).toContain(name);
      const card = await pdfText(page, /E-card of Kavya Mehta/);
      expect(card).toContain("Kavya Mehta");
      expect(card).toContain(policyNumber);
      expect(card).not.toContain("Ravi Kumar");

      // The task list says so too.
      await page.goto("/membership");
      await expect(tasks.getByRole("listitem").first()).toContainText("Done");
      await expect(tasks.getByRole("listitem").nth(1)).toContainText("Done");
      await expect(page.getByText(policyNumber)).toBeVisible();

      // Each employee with an email got their family's e-cards.
      const outbox = await (
        await page.request.get(`/api/sandbox/emails?to=${encodeURIComponent(email("E-4"))}`, {
          headers: OUTBOX_HEADERS,
        })
      ).json();
      expect(outbox.data.map((e: { subject: string }) => e.subject)).toContain(
        `Your health insurance e-cards: policy ${policyNumber}`,
      );

      // The list downloads as CSV, kept by no cache.
      const list = await page.request.get("/membership/members.csv");
      expect(list.headers()["cache-control"]).toContain("no-store");
      // Dates as the template asks for them, so the list can be corrected and uploaded again.
      expect(await list.text()).toContain("E-4,Vihaan Mehta,male,01-07-2015,son");
      const members = await page.request.get("/membership/members");
      expect(members.headers()["cache-control"]).toContain("no-store");

      // Another company's admin is refused every page and document of this one.
      await page.goto("/membership/members");
      const cardHref = (await page.getByRole("link", { name: /E-card of Kavya Mehta/ }).getAttribute("href"))!;
      const other = await otherAdmin(browser, adminAt);
      for (const path of [cardHref, "/membership/certificate.pdf", "/membership/e-cards.pdf"]) {
        const answer = await other.page.request.get(path, { maxRedirects: 0 });
        expect(answer.status(), path).toBe(404);
        expect(await answer.text()).not.toContain("Kavya");
      }
      for (const path of ["/membership/members", "/membership/members.csv"]) {
        const answer = await other.page.request.get(path);
        expect(await answer.text(), path).not.toContain("Kavya");
      }
      await other.close();
    });
  });
}

test("a file that is not a spreadsheet changes nothing and says why", async ({ page, adminAt }) => {
  const { token } = await adminAt("payment", TEAM_OF_FOUR);
  await payOverApi(ORIGIN, token, "yearly");
  await page.goto("/membership/members");
  await upload(page, { name: "team.csv", mimeType: "text/csv", buffer: Buffer.from("%PDF-1.7\n%\u00e2\u00e3\n") });
  await expect(page.getByText("The file must be a CSV or an Excel workbook (.xlsx)")).toBeVisible();
  await upload(page, csvFile([]));
  await expect(page.getByText("The file has a header row but no members")).toBeVisible();
  await expect(page.getByText("No one is named yet.")).toBeVisible();
});
