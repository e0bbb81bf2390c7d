import type { Page, Request } from "@playwright/test";
import { MESSAGES } from "../../app/config/constants";
import { type AdminFixtures, expect, test } from "./fixtures";
import { enterCompanyDetails, enterGstin, FERNLEAF } from "./helpers";

/** What script adds on the hydrated checkout (docs/product.md, Which routes hydrate; decision 0003). */
test.use({ javaScriptEnabled: true });

async function reachAddPeople(page: Page, adminAt: AdminFixtures["adminAt"]) {
  await adminAt("people");
  await page.goto("/checkout/add-people");
}

test("typing counts on add-people updates the price in place, and the cart is unchanged until Continue", async ({
  page,
  adminAt,
}) => {
  await reachAddPeople(page, adminAt);
  // A mark on this document: a page load would wipe it.
  await page.evaluate(() => ((window as unknown as { mark: number }).mark = 1));
  const posts: string[] = [];
  page.on("request", (request) => request.method() !== "GET" && posts.push(request.url()));

  await page.getByLabel("18–35 years, 1A", { exact: true }).fill("8");
  const quote = page.getByTestId("live-quote");
  await expect(quote).toContainText("8 employees");
  const firstTotal = await quote.textContent();
  await page.getByLabel("36–45 years, 2A+2C", { exact: true }).fill("4");
  await expect(quote).toContainText("12 employees");
  expect(await quote.textContent()).not.toEqual(firstTotal);
  await expect(quote).toContainText(/With GST: ₹[\d,.]+ per month, or ₹[\d,.]+ per year/);
  await expect(page.getByText(/^₹[\d,.]+\/mo for 8, with benefits$/)).toBeVisible();

  expect(await page.evaluate(() => (window as unknown as { mark?: number }).mark)).toBe(1);
  expect(posts).toEqual([]);
  await expect(page).toHaveURL(/\/checkout\/add-people$/);

  // Nothing was saved: a fresh load shows the cart as it was, with nobody added, so the grid starts
  // again from the headcount given on company details.
  await page.reload();
  await expect(page.getByLabel("18–35 years, 1A", { exact: true })).toHaveValue("12");
  await expect(page.getByLabel("36–45 years, 2A+2C", { exact: true })).toHaveValue("0");
  await expect(page.getByTestId("live-quote")).toContainText("12 employees");

  await page.getByLabel("18–35 years, 1A", { exact: true }).fill("8");
  await page.getByLabel("36–45 years, 2A+2C", { exact: true }).fill("4");
  await page.getByRole("button", { name: "Continue to review" }).click();
  await expect(page).toHaveURL(/\/checkout\/checkout$/);
  await page.goto("/checkout/add-people");
  await expect(page.getByLabel("18–35 years, 1A", { exact: true })).toHaveValue("8");
});

test("a field's error appears on blur without any request", async ({ page, adminAt }) => {
  await adminAt("details");
  await page.goto("/checkout/company-details");
  await page.waitForFunction(() => "__remixRouter" in window);
  // Hydrated, and done with what loading asks for (Remix's route discovery of the page's links).
  await page.waitForLoadState("networkidle");
  const requests: Request[] = [];
  page.on("request", (request) => requests.push(request));
  const email = page.getByLabel("Work email");
  await email.fill("asha.rao@");
  await email.blur();
  await expect(page.getByText(MESSAGES.emailInvalid)).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  expect(requests.map((r) => r.url())).toEqual([]);
});

test("each client-side step change pushes one page view and starts at the top", async ({ page, adminAt }) => {
  await adminAt("gst");
  await page.goto("/checkout/gst-details");
  await page.waitForFunction(() => "__remixRouter" in window);
  const views = () =>
    page.evaluate(() => (window.dataLayer ?? []).filter((e) => e.event === "page_view").map((e) => e.page_path));
  // The document was loaded once (its view is pushed once hydrated), and every step since arrives client-side.
  await expect.poll(views).toEqual(["/checkout/gst-details"]);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await enterGstin(page, FERNLEAF);
  await expect(page).toHaveURL(/company-details$/);
  // "Is this your company?" is a view of its own, between the GSTIN and the next step.
  const confirmed = ["/checkout/gst-details", `/checkout/gst-details?confirm=${FERNLEAF}`, "/checkout/company-details"];
  await expect.poll(views).toEqual(confirmed);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await enterCompanyDetails(page);
  await expect(page).toHaveURL(/plan-select$/);
  await expect.poll(views).toEqual([...confirmed, "/checkout/plan-select"]);
});

test("company search shows results as the admin types, chosen with the keyboard", async ({ page, adminAt }) => {
  await adminAt("gst");
  // The page's clock, so the search's debounce passes when the test says, not after a wait.
  await page.clock.install();
  await page.goto("/checkout/gst-details");
  await page.waitForFunction(() => "__remixRouter" in window);
  const asked: string[] = [];
  page.on("request", (r) => {
    const q = new URL(r.url()).searchParams.get("q");
    if (q !== null) asked.push(q);
  });
  const search = page.getByRole("combobox", { name: "Company name" });
  await search.pressSequentially("f");
  await page.clock.runFor(2_000);
  // One character asks nothing.
  await expect(page.getByRole("listbox")).toBeHidden();
  expect(asked).toEqual([]);
  await search.pressSequentially("ernleaf");
  await page.clock.runFor(2_000);
  const option = page.getByRole("option", { name: /Fernleaf Analytics Private Limited/ });
  await expect(option).toBeVisible();
  await expect(search).toHaveAttribute("aria-expanded", "true");
  await search.press("ArrowDown");
  await expect(option).toHaveAttribute("aria-selected", "true");
  await expect(search).toHaveAttribute("aria-activedescendant", (await option.getAttribute("id"))!);
  await search.press("Enter");
  await expect(page).toHaveURL(/\/checkout\/company-details$/);
  await expect(page.getByText("Fernleaf Analytics Private Limited").first()).toBeVisible();
  expect(asked).toEqual(["fernleaf"]);
});

test("ticking a benefit on plan-select updates the plans' prices in place, saving nothing", async ({
  page,
  adminAt,
}) => {
  await adminAt("plan");
  await page.goto("/checkout/plan-select");
  await page.waitForFunction(() => "__remixRouter" in window);
  const prices = () => page.locator(".plan-card__price strong").allTextContents();
  const before = await prices();
  const optional = page.locator(".coverage input[type=checkbox]:not([disabled])").first();
  const wasChecked = await optional.isChecked();
  await optional.setChecked(!wasChecked);
  await expect.poll(prices).not.toEqual(before);
  await expect(page).toHaveURL(/plan-select$/);
  await page.reload();
  expect(await prices()).toEqual(before);
});

test("a post's toast comes with the page it leads to, in one request, on the same document", async ({
  page,
  adminAt,
}) => {
  await adminAt("gst");
  await page.goto("/checkout/gst-details");
  await page.evaluate(() => ((window as unknown as { mark: number }).mark = 1));
  const sent: string[] = [];
  page.on("request", (request) => sent.push(`${request.method()} ${new URL(request.url()).pathname}`));

  await page.getByRole("button", { name: "Turn on" }).click();
  // The redirect's page and its toast (taken by the root's loader) came back with the post
  // (decision 0035): no request for the page's data after it.
  await expect(page.getByText("WhatsApp updates are on.")).toBeVisible();
  await expect(page.locator(".whatsapp-toggle")).toContainText("WhatsApp updates: on");
  expect(sent.filter((request) => request.includes(".data"))).toEqual(["POST /checkout/whatsapp.data"]);
  expect(await page.evaluate(() => (window as unknown as { mark?: number }).mark)).toBe(1);
});
