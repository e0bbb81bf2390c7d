import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { E2E_DATA_DIR } from "../../playwright.config";
import { addPeople, choosePlan, enterCompanyDetails, enterGstin, FERNLEAF, freshMobile, pay, readCode, review, signIn } from "./helpers";

/** The e2e server writes its analytics into its data folder. */
const EVENTS_FILE = `${E2E_DATA_DIR}/events.ndjson`;

interface Recorded {
  kind: string;
  name?: string;
  identity?: string;
  channel_partner?: string;
  data: Record<string, unknown>;
}

function recorded(): Recorded[] {
  if (!fs.existsSync(EVENTS_FILE)) return [];
  return fs.readFileSync(EVENTS_FILE, "utf8").trim().split("\n").filter(Boolean).map((line) => JSON.parse(line) as Recorded);
}

test.use({ javaScriptEnabled: false });

test("a no-script purchase records each purchase event once, in order", async ({ page }) => {
  const mobile = await signIn(page);
  await enterGstin(page, FERNLEAF);
  await enterCompanyDetails(page);
  await choosePlan(page);
  await addPeople(page);
  await review(page);
  await pay(page);
  await page.getByRole("button", { name: /Success/ }).click();
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get("order_id");

  const expected = [
    "purchase_account_details_proceed",
    "purchase_company_details_proceed",
    "purchase_select_plan_buy",
    "purchase_age_distribution_proceed",
    "purchase_checkout_proceed",
    "purchase_payment_method",
    "purchase_payment_buy_button",
    "purchase_payment_final",
    "purchase_payment_success",
  ];
  // Sinks write off the request path; give the file a moment to catch up.
  await expect
    .poll(() =>
      recorded()
        .filter((r) => r.kind === "event" && (r.identity === mobile || r.data.order_id === orderId))
        .map((r) => r.name),
    )
    .toEqual(expected);
  const mine = recorded().filter((r) => r.identity === mobile);
  expect(mine.every((r) => r.channel_partner === undefined)).toBe(true);
  // The profile went out with the details typed on the company step.
  const profile = mine.find((r) => r.kind === "profile");
  expect(profile?.data).toMatchObject({ Identity: mobile, Name: "Asha Rao", Phone: `+91${mobile}` });
});

test("visitors from a finance-partner domain get Godrej plans and channel_partner on events", async ({ page }) => {
  const mobile = freshMobile();
  await page.goto("/checkout/verify?from=godrejcapital.example");
  await page.getByLabel("Mobile number").fill(mobile);
  await page.getByRole("button", { name: "Send code" }).click();
  await page.getByLabel("One-time code").fill(await readCode(page.request, mobile));
  await page.getByRole("button", { name: "Verify and continue" }).click();
  await enterGstin(page, FERNLEAF);
  await enterCompanyDetails(page);
  await expect(page.getByText("Partner pricing for Godrej customers is applied.")).toBeVisible();
  await expect
    .poll(() => recorded().filter((r) => r.kind === "event" && r.identity === mobile).map((r) => r.channel_partner))
    .toEqual(["Godrej", "Godrej"]);
});

test("a host that is not a bare domain is ignored as a partner source", async ({ page }) => {
  await page.goto("/checkout/verify?from=https://godrejcapital.example/");
  await expect(page.locator('input[name="from"]')).toHaveCount(0);
});

test("the checkout's FAQ link counts purchase_faq and leads to the FAQ", async ({ page }) => {
  const mobile = await signIn(page);
  const response = await page.request.get("/checkout/faq", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toMatch(/^https:\/\/.+\/faq$/);
  await expect(page.getByRole("link", { name: "Read the FAQ" })).toHaveAttribute("href", "/checkout/faq");
  await expect
    .poll(() => recorded().filter((r) => r.identity === mobile && r.name === "purchase_faq").length)
    .toBe(1);
});
