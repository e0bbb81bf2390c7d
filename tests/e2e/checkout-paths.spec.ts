import type { Page } from "@playwright/test";
import { DOWN_PORT } from "../../playwright.config";
import { passCodeTime } from "../support/test-clock";
import { API, expect, test } from "./fixtures";
import {
  addPeople,
  choosePlan,
  enterCompanyDetails,
  enterGstin,
  FERNLEAF,
  freshMobile,
  pay,
  readCode,
  review,
  freshGstin,
  sampleCompanyName,
} from "./helpers";

/** An SEZ unit no other test buys for (docs/product.md, One membership per company). */
const SAHYADRI_SEZ = "27AAKCS1176E1ZB";

test.use({ javaScriptEnabled: false });

test("a failed payment offers Try again, and paying again succeeds", async ({ page, adminAt }) => {
  // Companies of their own: a GSTIN holds one membership (docs/product.md, One membership per company).
  await adminAt("payment", { gstin: freshGstin("07") });
  await page.goto("/checkout/payment");
  // Delhi buyer: IGST, not CGST/SGST.
  await expect(page.getByText("IGST 18%").first()).toBeVisible();
  await pay(page);
  await page.getByRole("button", { name: "Simulate Failure" }).click();
  await expect(page).toHaveURL(/\/teamsure\/payment-fail/);
  await expect(page.getByRole("heading", { name: "Payment failed" })).toBeVisible();
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByText("Your last payment did not go through")).toBeVisible();
  await pay(page);
  await page.getByRole("button", { name: /Success/ }).click();
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
});

test("a pending payment waits, then shows success once it settles", async ({ page, adminAt }) => {
  await adminAt("payment", { gstin: SAHYADRI_SEZ });
  await page.goto("/checkout/payment");
  // SEZ unit: zero-rated.
  await expect(page.getByText("GST: zero-rated (SEZ)").first()).toBeVisible();
  // Its summary's total is not "incl. GST": there is none.
  await expect(page.getByText("Per year, no GST (SEZ unit)").first()).toBeAttached();
  await expect(page.getByText(/incl\. GST/)).toHaveCount(0);
  await pay(page);
  await page.getByRole("button", { name: "Simulate Pending" }).click();
  await expect(page).toHaveURL(/\/teamsure\/payment-pending/);
  await expect(page.getByRole("heading", { name: "Payment processing" })).toBeVisible();
  // The sandbox settles pending payments after SANDBOX_PENDING_SETTLE_MS (4 s in e2e).
  await expect(async () => {
    await page.getByRole("link", { name: "Check now" }).click();
    await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
});

test("jumping ahead by URL lands on the first unfinished step", async ({ page, adminAt }) => {
  await page.goto("/checkout/payment");
  await expect(page).toHaveURL(/\/checkout\/verify$/);
  await adminAt("gst");
  await page.goto("/checkout/add-people");
  await expect(page).toHaveURL(/\/checkout\/gst-details$/);
  await enterGstin(page, FERNLEAF);
  await page.goto("/checkout/checkout");
  await expect(page).toHaveURL(/\/checkout\/company-details$/);
});

/** A field's message beside it, and the same message in the error summary at the top of the form. */
async function expectRefused(page: Page, message: string) {
  await expect(page.locator(".field__error").filter({ hasText: message })).toBeVisible();
  await expect(page.locator(".error-summary").getByRole("link", { name: message })).toBeVisible();
}

test("bad input on every step gets a message beside the field and keeps what was typed", async ({ page }) => {
  await page.goto("/checkout/verify");
  await page.getByLabel("Mobile number").fill("12345");
  await page.getByRole("button", { name: "Send code" }).click();
  await expectRefused(page, "Enter a 10-digit Indian mobile number");
  await expect(page.getByLabel("Mobile number")).toHaveValue("12345");

  const mobile = freshMobile();
  await page.getByLabel("Mobile number").fill(mobile);
  await page.getByRole("button", { name: "Send code" }).click();
  await page.getByLabel("One-time code").fill("12");
  await page.getByRole("button", { name: "Verify and continue" }).click();
  await expectRefused(page, "Enter the 4-digit code we sent you.");
  const code = await readCode(page.request, mobile);
  const wrong = code === "0000" ? "1111" : "0000";
  await page.getByLabel("One-time code").fill(wrong);
  await page.getByRole("button", { name: "Verify and continue" }).click();
  await expect(page.locator(".error-summary")).toContainText("The code is incorrect");
  // A one-time code is never echoed back.
  await expect(page.getByLabel("One-time code")).toHaveValue("");
  await page.getByLabel("One-time code").fill(code);
  await page.getByRole("button", { name: "Verify and continue" }).click();

  await page.getByLabel("GSTIN").fill("29AAKCF2931M1Z7");
  await page.getByRole("button", { name: /Verify/ }).click();
  await expectRefused(page, "last character does not match");
  await expect(page.getByLabel("GSTIN")).toHaveValue("29AAKCF2931M1Z7");
  await page.getByLabel("GSTIN").fill("45AAKCF2931M1Z6");
  await page.getByRole("button", { name: /Verify/ }).click();
  await expectRefused(page, "state code");
  await page.getByLabel("GSTIN").fill("29AAKCF2931M1");
  await page.getByRole("button", { name: /Verify/ }).click();
  await expectRefused(page, "exactly 15 letters or digits");
  await enterGstin(page, FERNLEAF);

  await page.getByLabel("Your full name").fill("Asha R4o");
  await page.getByLabel("Work email").fill("asha@fernleaf");
  await page.getByLabel(/Total employees/).fill("1");
  await page.getByRole("button", { name: "Continue to plans" }).click();
  await expectRefused(page, "Use letters and spaces only.");
  await expectRefused(page, "Enter a valid email address");
  await expectRefused(page, "Employees range can be from 2 to 10,000");
  await expect(page.getByLabel("Your full name")).toHaveValue("Asha R4o");
  await expect(page.getByLabel("Work email")).toHaveValue("asha@fernleaf");
  await expect(page.getByLabel(/Total employees/)).toHaveValue("1");
  await enterCompanyDetails(page, "");

  await choosePlan(page);
  await page.getByLabel("18–35 years, 1A", { exact: true }).fill("1");
  await page.getByRole("button", { name: "Continue to review" }).click();
  await expect(page.locator(".error-summary")).toContainText(
    "Employees range can be from 2 to 10,000. You have added 1.",
  );
  await expect(page.getByLabel("18–35 years, 1A", { exact: true })).toHaveValue("1");
  await addPeople(page, { "18–35 years, 1A": "3" });
  await expect(page).toHaveURL(/\/checkout\/checkout$/);
});

test("add people recalculates the price on the server, and flags a headcount that differs", async ({
  page,
  adminAt,
}) => {
  const gstin = freshGstin();
  await adminAt("people", { employees: 12, gstin });
  await page.goto("/checkout/add-people");
  await page.getByLabel("18–35 years, 1A", { exact: true }).fill("5");
  await page.getByRole("button", { name: "Recalculate" }).click();
  await expect(page.getByText(/5\s*employees · premium/)).toBeVisible();
  await expect(page.getByText(`You told us 12 people work at ${sampleCompanyName(gstin)}`)).toBeVisible();
});

test("a count that is no count is named by its cell; one over the limit is added up and offered the call-back", async ({
  page,
  adminAt,
}) => {
  await adminAt("people", { employees: 12 });
  await page.goto("/checkout/add-people");
  await page.getByLabel("18–35 years, 1A", { exact: true }).fill("-2");
  await page.getByRole("button", { name: "Continue to review" }).click();
  await expect(page.locator(".error-summary")).toContainText("18–35 years, 1A: Cannot be negative.");
  // Not "You have added 0": the cell is the problem, not the total.
  await expect(page.getByText(/You have added/)).toHaveCount(0);

  await page.getByLabel("18–35 years, 1A", { exact: true }).fill("20000");
  await page.getByRole("button", { name: "Continue to review" }).click();
  await expect(page.locator(".error-summary")).toContainText(
    "18–35 years, 1A: Employees range can be from 2 to 10,000",
  );
  await expect(page.getByText("Employees range can be from 2 to 10,000. You have added 20,000.")).toBeVisible();
  await expect(page.getByTestId("outside-range").getByRole("link", { name: "ask us to call you" })).toBeVisible();
});

test("an upstream that is down shows the generic message in the page and keeps the number", async ({ page }) => {
  const down = `http://127.0.0.1:${DOWN_PORT}`;
  await page.goto(`${down}/checkout/verify`);
  await page.getByLabel("Mobile number").fill("98765 43210");
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText("Currently service is down. Please try after sometime.")).toBeVisible();
  await expect(page.getByLabel("Mobile number")).toHaveValue("98765 43210");
  await expect(page.locator("footer")).toBeVisible();
});

test("a signed-in step whose upstream fails shows the generic message inside the page", async ({
  page,
  context,
  adminAt,
}) => {
  // Signed in on the working server; the down server shares the session secret and the cookie.
  await adminAt("gst");
  const response = await page.goto(`http://127.0.0.1:${DOWN_PORT}/checkout/gst-details`);
  expect(response?.status()).toBe(503);
  await expect(page.getByText("Currently service is down. Please try after sometime.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "We could not load this step" })).toBeVisible();
  expect(await context.cookies()).not.toHaveLength(0);
});

test("logout revokes the session and lands on verify-phone", async ({ page, adminAt }) => {
  await adminAt("gst");
  await page.goto("/checkout/gst-details");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/checkout\/verify$/);
  await expect(page.getByText("You have signed out.")).toBeVisible();
  await page.goto("/checkout/gst-details");
  await expect(page).toHaveURL(/\/checkout\/verify$/);
});

test("a prefill link keeps the good values, drops the bad one and says why", async ({ page }) => {
  const mobile = freshMobile();
  await page.goto(
    `/checkout/verify?prefill=1&business_contact_number=${mobile}&gstin=${FERNLEAF}&admin_name=Ravi%20Kumar&business_email=not-an-email&total_employees=25`,
  );
  await expect(page).toHaveURL(/\/checkout\/verify$/);
  await expect(page.getByLabel("Mobile number")).toHaveValue(mobile);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page).toHaveURL(/\/checkout\/verify-otp$/);
  await page.getByLabel("One-time code").fill(await readCode(page.request, mobile));
  await page.getByRole("button", { name: "Verify and continue" }).click();
  await expect(page.getByLabel("GSTIN")).toHaveValue(FERNLEAF);
  await page.getByRole("button", { name: /Verify/ }).click();
  await page.getByRole("button", { name: "Yes, this is my company" }).click();
  await expect(page.getByLabel("Your full name")).toHaveValue("Ravi Kumar");
  await expect(page.getByLabel(/Total employees/)).toHaveValue("25");
  await expect(page.getByLabel("Work email")).toHaveValue("");
  await expect(page.getByText("The email in your link was left out")).toBeVisible();
});

test("signing in again in a fresh browser resumes at the same step", async ({ adminAt, browser }) => {
  const { mobile } = await adminAt("people");

  const other = await browser.newContext({ javaScriptEnabled: false });
  const second = await other.newPage();
  await second.goto("/checkout/verify");
  await second.getByLabel("Mobile number").fill(mobile);
  await second.getByRole("button", { name: "Send code" }).click();
  // The API makes a second code wait out the resend interval; the page says how long.
  const wait = second.getByText(/Please wait (\d+) seconds/);
  await expect(wait).toBeVisible();
  const seconds = Number((await wait.textContent())!.match(/(\d+) seconds/)![1]);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(30);
  // That long passes for this number on the sandbox's test clock, and the code is sent.
  await passCodeTime(API, mobile, seconds);
  await second.getByRole("button", { name: "Send code" }).click();
  await expect(second).toHaveURL(/\/checkout\/verify-otp$/);
  await second.getByLabel("One-time code").fill(await readCode(second.request, mobile));
  await second.getByRole("button", { name: "Verify and continue" }).click();
  await expect(second).toHaveURL(/\/checkout\/add-people$/);
  await other.close();
});

test("a double-submitted Pay makes one order", async ({ page, adminAt }) => {
  await adminAt("payment");
  const post = () => page.request.post("/checkout/payment", { form: { policy: "yearly" }, maxRedirects: 0 });
  const [first, second] = await Promise.all([post(), post()]);
  expect(first.status()).toBe(303);
  expect(second.headers().location).toBe(first.headers().location);
  const third = await post();
  expect(third.headers().location).toBe(first.headers().location);
  expect(first.headers().location).toMatch(/\/api\/sandbox\/checkout\/order_/);
});

test("monthly billing pays the monthly total", async ({ page, adminAt }) => {
  await adminAt("review");
  await page.goto("/checkout/checkout");
  const monthly = page.locator(".billing-option", { hasText: "Monthly" }).locator(".bill__total dd");
  const total = await monthly.textContent();
  await review(page, "Monthly");
  // The payment step states the billing chosen on the review and names the amount on its button.
  await expect(page.getByRole("button", { name: `Pay ${total}` })).toBeVisible();
  await pay(page);
  await expect(page.getByRole("button", { name: /Success/ })).toContainText(total!);
});

test("the WhatsApp opt-in is shown as the API reports it and can be switched off", async ({ page }) => {
  const mobile = freshMobile();
  await page.goto("/checkout/verify");
  await page.getByLabel("Mobile number").fill(mobile);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page).toHaveURL(/\/checkout\/verify-otp$/);
  await page.getByLabel("One-time code").fill(await readCode(page.request, mobile));
  await page.getByLabel("Send me policy updates on WhatsApp").check();
  await page.getByRole("button", { name: "Verify and continue" }).click();
  await expect(page.locator(".whatsapp-toggle")).toContainText("WhatsApp updates: on");
  await page.getByRole("button", { name: "Turn off" }).click();
  await expect(page.locator(".whatsapp-toggle")).toContainText("WhatsApp updates: off");
  await expect(page.getByText("WhatsApp updates are off.")).toBeVisible();
});

test("a step posted while the upstream is down keeps what was typed, ready to send again", async ({
  page,
  adminAt,
}) => {
  await adminAt("details");
  // The same post, to the server whose upstream is down (it shares the session secret and cookie).
  const response = await page.request.post(`http://127.0.0.1:${DOWN_PORT}/checkout/company-details`, {
    form: { authorised: "on", name: "Meera Iyer", email: "meera@fernleaf.example", totalEmployees: "40" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(503);
  await page.setContent(await response.text());
  await expect(page.getByText("Currently service is down. Please try after sometime.")).toBeVisible();
  await expect(page.locator('input[type=hidden][name="name"]')).toHaveValue("Meera Iyer");
  await expect(page.locator('input[type=hidden][name="email"]')).toHaveValue("meera@fernleaf.example");
  await expect(page.locator('input[type=hidden][name="totalEmployees"]')).toHaveValue("40");
  await expect(page.locator('input[type=hidden][name="authorised"]')).toHaveValue("on");
  await expect(page.getByRole("button", { name: "Send again" })).toBeVisible();
});

test("the payment step names, with links, what the admin accepts by paying", async ({ page, adminAt }) => {
  await adminAt("payment");
  await page.goto("/checkout/payment");
  const terms = page.locator("#payment-terms");
  await expect(terms).toContainText("By paying you accept");
  await expect(terms.getByRole("link", { name: "terms of use" })).toHaveAttribute("href", "/terms-of-use");
  await expect(terms.getByRole("link", { name: "group health cover’s terms" })).toHaveAttribute(
    "href",
    "/employee-healthcare/group-health-insurance",
  );
  // Beside the button it qualifies, before it in reading order.
  const pay = page.getByRole("button", { name: /^Pay ₹/ });
  expect((await terms.boundingBox())!.y).toBeLessThan((await pay.boundingBox())!.y);
});
