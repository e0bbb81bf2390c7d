import type { Page } from "@playwright/test";
import { type AdminFixtures, expect, test } from "./fixtures";
import { pay } from "./helpers";

/** The long date the app writes: "2 July 2026". */
const longDate = (date: Date) =>
  new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(date);

/** Today in India, and the last day of the month a payment today pays for (the day before the next charge). */
function firstMonthEnds(): string {
  const today = new Date(Date.now() + 330 * 60_000);
  const [y, m, d] = [today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()];
  const lastDay = new Date(Date.UTC(y, m + 2, 0)).getUTCDate();
  const next = new Date(Date.UTC(y, m + 1, Math.min(d, lastDay)));
  next.setUTCDate(next.getUTCDate() - 1);
  return longDate(next);
}

/** A membership paid today, monthly, for a Karnataka company: the cart from the fixture, paid on the pages. */
async function paidMonthly(page: Page, adminAt: AdminFixtures["adminAt"]) {
  await adminAt("payment", { policy: "monthly" });
  await page.goto("/checkout/payment");
  // The payment step says what cancelling means before anything is paid.
  await expect(page.getByText(`cancel before the second charge and cover ends on ${firstMonthEnds()}`)).toBeVisible();
  await pay(page);
  await page.getByRole("button", { name: /— Success$/ }).click();
  await expect(page).toHaveURL(/\/teamsure\/verify-payment\?order_id=order_/);
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`changes during the year, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a monthly mandate is cancelled after a confirmation that says when cover ends", async ({ page, adminAt }) => {
      await paidMonthly(page, adminAt);
      const ends = firstMonthEnds();

      await page.goto("/membership");
      const billing = page.getByRole("region", { name: "Billing", exact: true });
      const next = billing.getByText(/^₹[\d,.]+ on \d{1,2} \w+ \d{4}$/);
      await expect(next).toBeVisible();
      const nextCharge = (await next.textContent())!;
      // The month's amount is the next charge's, on this page and the next.
      await expect(billing.getByText(`Monthly, ${nextCharge.split(" on ")[0]} a month including GST`)).toBeVisible();
      await expect(billing.getByText(/authorised with the first payment/)).toBeVisible();
      await billing.getByRole("link", { name: "Cancel the mandate" }).click();

      await expect(page.getByRole("heading", { name: "Cancel the monthly mandate?" })).toBeVisible();
      await expect(page.getByText(`The next charge is ${nextCharge}.`)).toBeVisible();
      // One end date, said one way: the last day covered, and nothing after it.
      await expect(page.getByText(`After ${ends} no charge is taken and nobody in your team is insured`)).toBeVisible();
      await expect(
        page.getByText(`Cancelling ends your team’s cover on ${ends}, the end of the last month paid.`),
      ).toBeVisible();
      await page.getByRole("button", { name: "Cancel the mandate and end cover" }).click();

      await expect(page.getByRole("heading", { name: "Your monthly mandate is cancelled" })).toBeVisible();
      await expect(page.getByText(`Your team’s cover ends on ${ends}`)).toBeVisible();
      await expect(
        page.getByText(`After ${ends} your employees and their families are no longer insured`),
      ).toBeVisible();
      await expect(page.getByText("Asha Rao")).toBeVisible();

      // Posting the confirmation again (another tab, a double submit) changes nothing.
      const again = await page.request.post("/membership/mandate/cancel", {
        form: { intent: "cancel-mandate" },
        headers: { origin: new URL(page.url()).origin },
        maxRedirects: 0,
      });
      expect(again.status()).toBe(303);

      await page.goto("/membership");
      await expect(
        billing.getByText(`Your team’s cover ends on ${ends}, the end of the last month paid.`),
      ).toBeVisible();
      await expect(billing.getByRole("link", { name: "Cancel the mandate" })).toHaveCount(0);
      await expect(billing.getByRole("row", { name: /^12 .* Cancelled: not charged$/ })).toBeVisible();
      await expect(billing.getByText("Next charge")).toHaveCount(0);
    });
  });
}
