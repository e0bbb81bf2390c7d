import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "@playwright/test";
import { addPeople, choosePlan, enterCompanyDetails, enterGstin, freshGstin, freshMobile, readCode } from "./helpers";

/**
 * Every checkout page and state, walked once per width by one admin (docs/product.md, Phone widths
 * and Accessibility): the page never scrolls sideways, the review's totals lie inside the viewport,
 * axe finds nothing serious or critical (at 360 and 1280 px), and a screenshot of each state is kept
 * (git-ignored) to be looked at. 360 px runs without the app's script (the page the server sends;
 * the browser's own script stays on for axe, the app's bundles are refused), 1280 px with it (the
 * hydrated page); 320 px with script, 414 px with the browser's script off.
 */
const SHOTS = "tests/e2e/.artifacts/checkout";

// Four long walks, independent of each other: spread over the workers.
test.describe.configure({ mode: "parallel" });

const WIDTHS = [
  { width: 320, script: "on", audit: false },
  { width: 360, script: "refused", audit: true },
  { width: 414, script: "off", audit: false },
  { width: 1280, script: "on", audit: true },
] as const;

for (const { width, script, audit } of WIDTHS) {
  test(`${width} px, the app's script ${script}: every checkout state fits${audit ? ", passes axe, and is photographed" : ""}`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const context = await browser.newContext({ viewport: { width, height: 800 }, javaScriptEnabled: script !== "off" });
    // Remix's client and the page script are served from /build/: refused, the pages are as sent.
    if (script === "refused") await context.route(/\/build\/.*\.js$/, (route) => route.abort());
    const page = await context.newPage();
    const problems: string[] = [];
    const seen: string[] = [];

    /** The checks every state gets, collected so one run reports them all. */
    async function state(name: string, on: Page = page) {
      seen.push(name);
      await on.waitForLoadState("load");
      const { scroll, client } = await on.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      if (scroll > client) problems.push(`${name}: the page is ${scroll} px wide in a ${client} px viewport`);
      if (!audit) return;
      const results = await new AxeBuilder({ page: on }).analyze();
      for (const v of results.violations.filter((v) => v.impact === "serious" || v.impact === "critical"))
        problems.push(`${name}: axe ${v.id} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      await on.screenshot({
        path: `${SHOTS}/${width}-${String(seen.length).padStart(2, "0")}-${name}.png`,
        fullPage: true,
      });
    }

    /**
     * Each box lies wholly inside the viewport's width: nothing to scroll to. Measured once the page
     * shows a box of every kind (a hydrated page may render the step after its URL has changed).
     */
    async function expectInView(name: string, selectors: string[]) {
      for (const selector of selectors)
        await expect(page.locator(selector).first(), `${name}: ${selector}`).toBeVisible();
      const boxes = await page.locator(selectors.join(", ")).evaluateAll((nodes) =>
        nodes.map((n) => {
          const r = n.getBoundingClientRect();
          return { left: r.left, right: r.right, text: n.textContent };
        }),
      );
      for (const box of boxes) {
        expect(box.left, `${name}: ${box.text} starts in view`).toBeGreaterThanOrEqual(0);
        expect(box.right, `${name}: ${box.text} ends in view`).toBeLessThanOrEqual(width);
      }
    }

    // Sign-in, with each step's refusal.
    await page.goto("/checkout/verify");
    await state("verify");
    await page.getByLabel("Mobile number").fill("12345");
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByRole("heading", { name: "There is a problem" })).toBeVisible();
    await state("verify-refused");
    const mobile = freshMobile();
    await page.getByLabel("Mobile number").fill(mobile);
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page).toHaveURL(/\/checkout\/verify-otp$/);
    await state("verify-otp");
    const code = await readCode(page.request, mobile);
    await page.getByLabel("One-time code").fill(code === "0000" ? "1111" : "0000");
    await page.getByRole("button", { name: "Verify and continue" }).click();
    await expect(page.getByRole("heading", { name: "There is a problem" })).toBeVisible();
    await state("verify-otp-refused");
    await page.getByLabel("One-time code").fill(code);
    await page.getByRole("button", { name: "Verify and continue" }).click();

    // The steps, each refused once.
    await expect(page).toHaveURL(/\/checkout\/gst-details$/);
    await state("gst-details");
    await page.getByLabel("GSTIN").fill("29AAKCF2931M1Z5");
    await page.getByRole("button", { name: /Verify/ }).click();
    await expect(page.getByRole("heading", { name: "There is a problem" })).toBeVisible();
    await state("gst-details-refused");
    await page.goto("/checkout/gst-details?q=Fern");
    await state("gst-details-search");
    await page.goto("/checkout/gst-details");
    // Each walk pays, and a GSTIN holds one membership: a company of its own (docs/product.md, One membership per company).
    await enterGstin(page, freshGstin());
    await expect(page).toHaveURL(/\/checkout\/company-details$/);
    await state("company-details");
    await page.getByLabel("Work email").fill("asha.rao@");
    await page.getByRole("button", { name: "Continue to plans" }).click();
    await expect(page.getByRole("heading", { name: "There is a problem" })).toBeVisible();
    await state("company-details-refused");
    await enterCompanyDetails(page);
    await expect(page).toHaveURL(/\/checkout\/plan-select$/);
    await state("plan-select");
    await choosePlan(page);
    await expect(page).toHaveURL(/\/checkout\/add-people$/);
    await state("add-people");
    await page.getByLabel("18–35 years, 1A", { exact: true }).fill("1");
    await page.getByRole("button", { name: "Continue to review" }).click();
    await expect(page.getByRole("heading", { name: "There is a problem" })).toBeVisible();
    await state("add-people-refused");
    await page.goto("/checkout/add-people");
    await addPeople(page);

    // The review: every price on screen, the totals first of all.
    await expect(page).toHaveURL(/\/checkout\/checkout$/);
    await state("review");
    await expectInView("review", ["[data-testid=quote-total]", ".bill__total dd", ".quote-table tbody td"]);
    await page.goto("/checkout/summary");
    await state("summary");
    await expectInView("summary", ["[data-testid=quote-total]", ".bill__total dd"]);
    await page.goto("/checkout/checkout");
    await page.getByRole("radio", { name: /Yearly/ }).check();
    await page.getByRole("button", { name: "Proceed to payment" }).click();
    await expect(page).toHaveURL(/\/checkout\/payment$/);
    await state("payment");

    // The hosted payment page, and each way a payment ends.
    const toHosted = async () => {
      await page.goto("/checkout/payment");
      await page.getByRole("button", { name: /^Pay ₹/ }).click();
      await expect(page).toHaveURL(/\/api\/sandbox\/checkout\//);
    };
    await toHosted();
    await state("sandbox-payment");
    await page.getByRole("button", { name: "Simulate Failure" }).click();
    await expect(page).toHaveURL(/\/teamsure\/payment-fail\?order_id=/);
    await state("outcome-fail");

    // A refund: the quote changes in one tab while another pays the old order.
    await toHosted();
    const other = await context.newPage();
    await other.goto(page.url());
    await page.goto("/checkout/add-people");
    await addPeople(page, { "18–35 years, 1A": "9", "36–45 years, 2A+2C": "4" });
    await expect(page).toHaveURL(/\/checkout\/checkout$/);
    await other.getByRole("button", { name: /— Success$/ }).click();
    await expect(other).toHaveURL(/\/teamsure\/payment-refund\?order_id=/);
    await state("outcome-refund", other);
    await other.close();

    await page.getByRole("radio", { name: /Yearly/ }).check();
    await page.getByRole("button", { name: "Proceed to payment" }).click();
    // The billing is saved by that post (docs/product.md, Review): let it land before leaving.
    await expect(page).toHaveURL(/\/checkout\/payment$/);
    await toHosted();
    await page.getByRole("button", { name: "Simulate Pending" }).click();
    await expect(page).toHaveURL(/\/teamsure\/payment-pending\?order_id=/);
    await state("outcome-pending");
    // The sandbox settles a pending payment after 4 s in e2e.
    await expect(async () => {
      await page.getByRole("link", { name: "Check now" }).click();
      await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await state("outcome-success");
    await page.goto("/membership");
    await state("membership");
    await expectInView("membership", [".stack-table td.num"]);
    const invoice = page.locator('a[href^="/membership/invoices/"]:not([href$=".pdf"])').first();
    await page.goto((await invoice.getAttribute("href"))!);
    await state("invoice");
    await expectInView("invoice", [".stack-table td.num"]);

    await context.close();
    expect(problems).toEqual([]);
  });
}
