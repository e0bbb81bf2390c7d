import AxeBuilder from "@axe-core/playwright";
import { execFileSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { type AdminFixtures, expect, test } from "./fixtures";
import { addPeople, freshGstin, HARBOURLINE, pay, review, sampleCompanyName } from "./helpers";
import { OUTBOX_KEY } from "../support/outbox";

/** The health insurer invoices its premium under its own GSTIN (docs/decisions/0047). */
const INSURER_GSTIN = "29AAGCS5512K1Z2";
const INSURER = "Suraksha General Insurance Company Limited";
const EMAIL_SHOWN = "a…@fernleaf.example";

/** A signed-in admin at the sandbox's hosted payment page, for the given company and billing. */
async function toHostedPage(
  page: Page,
  adminAt: AdminFixtures["adminAt"],
  gstin: string,
  policy: "monthly" | "yearly",
) {
  await adminAt("payment", { gstin, policy });
  await page.goto("/checkout/payment");
  await pay(page);
}

/** Pays on the hosted page and lands on the success page; returns the amount the button named. */
async function paySuccessfully(page: Page): Promise<string> {
  const button = page.getByRole("button", { name: /— Success$/ });
  const label = (await button.textContent())!;
  await button.click();
  await expect(page).toHaveURL(/\/teamsure\/verify-payment\?order_id=order_/);
  return /Pay (₹[\d,.]+)/.exec(label)![1]!;
}

/** Downloads the invoice PDF from a link on the page and reads its text back with pdftotext. */
async function invoiceText(page: Page, link: RegExp): Promise<string> {
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: link }).first().click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^SG-\d{2}-\d{2}-\d{6}\.pdf$/);
  const path = await download.path();
  return execFileSync("pdftotext", ["-layout", path, "-"], { encoding: "utf8" });
}

/** No serious or critical accessibility violations on the page as it stands. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** "₹1,04,806.66" → "1,04,806.66", as the PDF writes amounts (INR, no ₹ glyph in its font). */
const inr = (rupees: string) => (rupees.includes(".") ? rupees.slice(1) : `${rupees.slice(1)}.00`);

for (const javaScriptEnabled of [false, true]) {
  test.describe(`after the purchase, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, acceptDownloads: true });

    test("a paid admin is led to the membership, with the invoice, the email and a frozen cart", async ({
      page,
      adminAt,
    }) => {
      // A company of its own: a GSTIN holds one membership (docs/product.md, One membership per company).
      const gstin = freshGstin();
      await toHostedPage(page, adminAt, gstin, "yearly");
      const amount = await paySuccessfully(page);
      await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
      const emailed = page.getByText(
        new RegExp(`We’ve emailed your tax invoice SG/\\d{2}-\\d{2}/\\d{6} to ${EMAIL_SHOWN}`),
      );
      await expect(emailed).toBeVisible();
      const number = /SG\/\d{2}-\d{2}\/\d{6}/.exec((await emailed.textContent())!)![0];
      // Who issued the invoice and what for: the insurer, for its premium (the health cover alone was bought).
      const documents = page.getByRole("region", { name: "Your tax invoice" });
      await expect(
        documents.getByText(`${INSURER}: Group health insurance premium, supplied and invoiced by the insurer.`),
      ).toBeVisible();

      // The invoice from the success page: both GSTINs, the SAC, Karnataka's tax lines, the amount paid.
      const text = await invoiceText(page, /Download tax invoice/);
      for (const needle of [
        INSURER_GSTIN,
        gstin,
        "997133",
        "CGST @ 9%",
        "SGST @ 9%",
        number,
        inr(amount),
        "Karnataka (29)",
      ])
        expect(text).toContain(needle);
      expect(text).not.toContain("IGST @");

      await page.getByRole("link", { name: "Go to your membership" }).click();
      await expect(page).toHaveURL(/\/membership$/);
      await expect(page.getByRole("heading", { name: sampleCompanyName(gstin), level: 1 })).toBeVisible();
      await expect(page.getByText("Active", { exact: true })).toBeVisible();
      const cover = page.getByRole("region", { name: "Cover", exact: true });
      await expect(cover.getByText("Kavach Essential")).toBeVisible();
      await expect(cover.getByText("12", { exact: true })).toBeVisible();
      const members = page.getByRole("region", { name: "Members by age band and family cover", exact: true });
      await expect(members.getByRole("row", { name: /18–35 years 1A: Employee only 8/ })).toBeVisible();
      await expect(
        members.getByRole("row", { name: /36–45 years 2A\+2C: Employee, spouse and two children 4/ }),
      ).toBeVisible();
      await expect(
        page.getByRole("region", { name: "Billing", exact: true }).getByText("Yearly, paid in full"),
      ).toBeVisible();
      await expect(page.getByRole("region", { name: "Company", exact: true }).getByText(gstin)).toBeVisible();
      const invoices = page.getByRole("region", { name: "Tax invoices", exact: true });
      await expect(invoices.getByRole("link", { name: number, exact: true })).toBeVisible();
      await expect(invoices.getByText(INSURER)).toBeVisible();
      await expect(page.getByRole("region", { name: "References", exact: true }).getByText(amount)).toBeVisible();
      if (javaScriptEnabled) await expectAccessible(page);

      // The invoice as a page shows the same numbers.
      await page.getByRole("link", { name: number, exact: true }).click();
      await expect(page.getByRole("heading", { name: "Tax invoice" })).toBeVisible();
      // An invoice always writes the paise.
      await expect(page.getByRole("row", { name: `Invoice total ₹${inr(amount)}`, exact: true })).toBeVisible();
      if (javaScriptEnabled) await expectAccessible(page);

      // Every checkout step, the home page and the header's Continue now lead to the membership.
      for (const step of [
        "/checkout/add-people",
        "/checkout/plan-select",
        "/checkout/checkout",
        "/checkout/payment",
        "/checkout/gst-details",
      ]) {
        await page.goto(step);
        await expect(page, step).toHaveURL(/\/membership$/);
      }
      await page.goto("/");
      await expect(page).toHaveURL(/\/membership$/);
      await page.goto("/about-us");
      // Once paid, the header's purchase button says so and leads to the membership.
      await page.getByRole("banner").getByRole("link", { name: "Your membership", exact: true }).click();
      await expect(page).toHaveURL(/\/membership$/);

      // The email outbox holds the confirmation with the PDF attached.
      await page.goto(`/dev/outbox?key=${OUTBOX_KEY}`);
      const email = page.locator("article.email", { hasText: number });
      await expect(
        email.getByRole("heading", { name: `Your Kavach membership is active: tax invoice ${number}` }),
      ).toBeVisible();
      await expect(email.getByText("To asha.rao@fernleaf.example")).toBeVisible();
      const downloading = page.waitForEvent("download");
      await email.getByRole("link", { name: `${number.replaceAll("/", "-")}.pdf` }).click();
      const attachment = execFileSync("pdftotext", ["-layout", await (await downloading).path(), "-"], {
        encoding: "utf8",
      });
      expect(attachment).toContain(number);
      expect(attachment).toContain(inr(amount));
    });
  });
}

test.describe("after the purchase, JavaScript off", () => {
  test.use({ javaScriptEnabled: false, acceptDownloads: true });

  const states = [
    {
      name: "another state (Delhi): IGST",
      gstin: freshGstin("07"),
      present: ["IGST @ 18%", "Delhi (07)"],
      absent: ["CGST", "SGST"],
    },
    {
      name: "an SEZ buyer: zero-rated",
      gstin: HARBOURLINE,
      present: [
        "SEZ DEVELOPER FOR AUTHORISED OPERATIONS",
        "UNDER BOND OR LETTER OF UNDERTAKING WITHOUT PAYMENT OF INTEGRATED TAX. LUT ARN",
        "IGST (zero-rated supply)",
        "Tamil Nadu (33)",
      ],
      absent: ["CGST", "SGST", "IGST @"],
    },
  ];
  for (const s of states) {
    test(`the invoice of ${s.name}, paid monthly, and the membership's schedule`, async ({ page, adminAt }) => {
      await adminAt("review", { gstin: s.gstin });
      await page.goto("/checkout/checkout");
      // The review says how months 2 to 12 are collected before anything is paid.
      await expect(
        page.getByText(
          /recurring mandate \(simulated in this sandbox\) that collects ₹[\d,.]+ on the same date each month for months 2 to 12/,
        ),
      ).toBeVisible();
      await expect(page.getByText(/Cancel any time before a charge/)).toBeVisible();
      // Who will invoice what, before anything is paid.
      await expect(
        page
          .getByRole("region", { name: "Your tax invoices" })
          .getByText(`${INSURER} (GSTIN ${INSURER_GSTIN}): Group health insurance premium`),
      ).toBeVisible();
      await review(page, "Monthly");
      await expect(page.getByText(/the next charge would be on \d{1,2} \w+ \d{4}/)).toBeVisible();
      await pay(page);
      const amount = await paySuccessfully(page);
      const text = await invoiceText(page, /Download tax invoice/);
      for (const needle of [INSURER_GSTIN, s.gstin, "997133", inr(amount), ...s.present])
        expect(text).toContain(needle);
      for (const needle of s.absent) expect(text).not.toContain(needle);

      await page.goto("/membership");
      const billing = page.getByRole("region", { name: "Billing", exact: true });
      await expect(billing.getByText(`Monthly, ${amount} a month including GST`)).toBeVisible();
      await expect(
        billing.getByText(new RegExp(`^${amount.replace(/[.]/g, "\\.")} on \\d{1,2} \\w+ \\d{4}$`)),
      ).toBeVisible();
      await expect(billing.getByText(/authorised with the first payment/)).toBeVisible();
      await expect(billing.getByRole("row")).toHaveCount(13);
      await expect(billing.getByRole("row", { name: /^1 .* Paid$/ })).toBeVisible();
      await expect(billing.getByRole("row", { name: /^12 .* Scheduled$/ })).toBeVisible();
    });
  }

  test("a payment for an order whose quote changed in another tab is recorded for a refund, and the admin is told", async ({
    page,
    context,
    adminAt,
  }) => {
    await toHostedPage(page, adminAt, freshGstin(), "yearly");
    const hosted = page.url();
    const other = await context.newPage();
    await other.goto(hosted);
    // Back in the first tab the admin changes the people: the open order is closed at once.
    await page.goto("/checkout/add-people");
    await addPeople(page, { "18–35 years, 1A": "3", "36–45 years, 2A+2C": "0" });
    await expect(page).toHaveURL(/\/checkout\/checkout$/);
    // The other tab still shows the old page, and pays it.
    await other.getByRole("button", { name: /— Success$/ }).click();
    await expect(other).toHaveURL(/\/teamsure\/payment-refund\?order_id=/);
    await expect(other.getByRole("heading", { name: "We will refund this payment" })).toBeVisible();
    await expect(other.getByText(/The quote changed after this order was made/)).toBeVisible();
    await expect(other.getByText(/recorded for a refund/)).toBeVisible();
    // Nothing was activated: the membership leads back to the unfinished step.
    await other.goto("/membership");
    await expect(other).toHaveURL(/\/checkout\/checkout$/);
    // The old hosted page no longer offers to pay, and offers the new quote instead.
    await other.goto(hosted);
    await expect(other.getByText("The quote has changed since this order was made")).toBeVisible();
    await expect(other.getByRole("button")).toHaveCount(0);
    await other.getByRole("link", { name: "Review and pay the new quote" }).click();
    // The changed cart needs its billing chosen again: the review step.
    await expect(other).toHaveURL(/\/checkout\/checkout$/);
  });

  test("the failure page gives the gateway's reason and a support contact", async ({ page, adminAt }) => {
    await toHostedPage(page, adminAt, freshGstin(), "yearly");
    await page.getByRole("button", { name: "Simulate Failure" }).click();
    await expect(page).toHaveURL(/\/teamsure\/payment-fail\?order_id=/);
    await expect(
      page.getByText("The payment gateway said: “Your bank declined the payment (simulated).”"),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "care@kavach.example" })).toBeVisible();
  });

  test("someone else's invoice is not found, and the PDF needs sign-in", async ({ page, browser, adminAt }) => {
    await toHostedPage(page, adminAt, freshGstin(), "yearly");
    await paySuccessfully(page);
    const pdfHref = (await page.getByRole("link", { name: /Download tax invoice/ }).getAttribute("href"))!;
    const strangers = await browser.newContext({ javaScriptEnabled: false });
    await adminAt("gst", { context: strangers });
    const stranger = await strangers.newPage();
    const response = await stranger.request.get(pdfHref);
    expect(response.status()).toBe(404);
    expect(response.headers()["content-type"]).not.toContain("pdf");
    const anonymous = await (await browser.newContext()).request.get(pdfHref, { maxRedirects: 0 });
    expect(anonymous.status()).toBe(302);
    await strangers.close();
  });
});
