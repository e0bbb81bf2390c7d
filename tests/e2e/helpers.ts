import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "@playwright/test";
import { freshGstin } from "../support/cart";
import { codeFromOutbox } from "../support/codes";
import { freshMobile } from "../support/mobiles";
import { OUTBOX_HEADERS } from "../support/outbox";

export { freshMobile } from "../support/mobiles";
export { FERNLEAF, freshGstin, HARBOURLINE, sampleCompanyName, TANAGER } from "../support/cart";

/**
 * The pages of a purchase, as a person goes through them. Tests about signing in use `signIn`;
 * every other test starts signed in from the `adminAt` fixture (tests/e2e/fixtures.ts).
 */

/** The newest code the sandbox SMS outbox of the server `request` talks to holds for a number. */
export async function readCode(request: APIRequestContext, mobile: string): Promise<string> {
  const response = await request.get(`/api/sandbox/sms?mobile_no=${mobile}`, { headers: OUTBOX_HEADERS });
  return codeFromOutbox(await response.json(), mobile);
}

export async function signIn(page: Page, mobile: string = freshMobile()): Promise<string> {
  await page.goto("/checkout/verify");
  return signInFromHere(page, mobile);
}

/**
 * On the code page, the first page of the purchase that hydrates (the number's page is served
 * plain, decision 0053), once Remix's client runs there. Returns the number the code went to.
 */
export async function atHydratedCodePage(page: Page, mobile: string = freshMobile()): Promise<string> {
  await page.goto("/checkout/verify");
  await page.getByLabel("Mobile number").fill(mobile);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page).toHaveURL(/\/checkout\/verify-otp$/);
  await page.waitForFunction(() => "__remixRouter" in window);
  return mobile;
}

/** Signs in from the verify-phone page already open (reached by a link that carries a query). */
export async function signInFromHere(page: Page, mobile: string = freshMobile()): Promise<string> {
  await page.getByLabel("Mobile number").fill(`+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page).toHaveURL(/\/checkout\/verify-otp$/);
  await page.getByLabel("One-time code").fill(await readCode(page.request, mobile));
  await page.getByRole("button", { name: "Verify and continue" }).click();
  return mobile;
}

/** Types the GSTIN, then answers "Is this your company?" with yes. */
export async function enterGstin(page: Page, gstin: string) {
  await expect(page).toHaveURL(/\/checkout\/gst-details$/);
  await page.getByLabel("GSTIN").fill(gstin);
  await page.getByRole("button", { name: /Verify/ }).click();
  await expect(page.getByRole("heading", { name: "Is this your company?" })).toBeVisible();
  await page.getByRole("button", { name: "Yes, this is my company" }).click();
}

export async function enterCompanyDetails(page: Page, employees = "12") {
  await expect(page).toHaveURL(/\/checkout\/company-details$/);
  // In the page's order: the declaration comes before the fields whose messages appear as they are left.
  await page.getByLabel(/I am authorised to buy this cover/).check();
  await page.getByLabel("Your full name").fill("Asha Rao");
  await page.getByLabel("Work email").fill("asha.rao@fernleaf.example");
  await page.getByLabel(/Total employees/).fill(employees);
  await page.getByRole("button", { name: "Continue to plans" }).click();
}

export async function choosePlan(page: Page) {
  await expect(page).toHaveURL(/\/checkout\/plan-select$/);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
}

export async function addPeople(
  page: Page,
  counts: Record<string, string> = { "18–35 years, 1A": "8", "36–45 years, 2A+2C": "4" },
) {
  await expect(page).toHaveURL(/\/checkout\/add-people$/);
  for (const [label, value] of Object.entries(counts)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole("button", { name: "Continue to review" }).click();
}

export async function review(page: Page, policy: "Monthly" | "Yearly" = "Yearly") {
  await expect(page).toHaveURL(/\/checkout\/checkout$/);
  await page.getByRole("radio", { name: new RegExp(policy) }).check();
  await page.getByRole("button", { name: "Proceed to payment" }).click();
}

/** From the payment page to the sandbox's hosted checkout. */
export async function pay(page: Page) {
  await expect(page).toHaveURL(/\/checkout\/payment$/);
  await page.getByRole("button", { name: /^Pay ₹/ }).click();
  await expect(page).toHaveURL(/\/api\/sandbox\/checkout\//);
}

/** Everything from sign-in to the hosted payment page. */
export async function reachPayment(page: Page, gstin = freshGstin()) {
  await signIn(page);
  await enterGstin(page, gstin);
  await enterCompanyDetails(page);
  await choosePlan(page);
  await addPeople(page);
  await review(page);
}

/**
 * Collects the browser console's warnings and errors and uncaught page errors: a hydrated page
 * whose first render differs from the server's says so there ("Hydration failed", "did not match").
 */
export function watchConsole(page: Page) {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning")
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return { problems: () => problems };
}

/** Whether Remix's client runs on the page (a hydrated route), read once the page has loaded. */
export async function isHydrated(page: Page): Promise<boolean> {
  await page.waitForLoadState("load");
  return page.evaluate(() => "__remixRouter" in window);
}

/**
 * Data-saver mode: every request carries `Save-Data: on`, as the browser sends it. (Playwright's
 * extraHTTPHeaders leaves it off the GET that follows a form post's redirect, so it is added here.)
 */
export async function sendSaveData(page: Page) {
  await page.route("**/*", (route) => route.continue({ headers: { ...route.request().headers(), "save-data": "on" } }));
}
