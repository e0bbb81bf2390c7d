import type { Page } from "@playwright/test";
import { MESSAGES } from "../../app/config/constants";
import { type AdminFixtures, expect, test } from "./fixtures";
import { FERNLEAF, freshMobile } from "./helpers";
import { OUTBOX_HEADERS } from "../support/outbox";

/** Errors that are true now, prices in view, Check your answers, a way forward at the limits. */

const WIDTHS = [
  { name: "phone", width: 360, height: 740 },
  { name: "desktop", width: 1280, height: 900 },
] as const;

/** Opens `path` as a signed-in admin whose cart stands on `step` (12 employees, the first plan). */
async function openAt(
  page: Page,
  adminAt: AdminFixtures["adminAt"],
  step: Parameters<AdminFixtures["adminAt"]>[0],
  path: string,
) {
  await adminAt(step);
  await page.goto(path);
}

/** Whether the element's box overlaps the viewport. */
async function inView(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.bottom > 0 && box.top < window.innerHeight;
  });
}

for (const scripted of [false, true]) {
  for (const size of WIDTHS) {
    test.describe(`script ${scripted ? "on" : "off"}, ${size.width} px`, () => {
      test.use({ javaScriptEnabled: scripted, viewport: { width: size.width, height: size.height } });

      test("a refused count hides the old price, and once corrected the error goes and the new price shows", async ({
        page,
        adminAt,
      }) => {
        await openAt(page, adminAt, "people", "/checkout/add-people");
        const cell = page.getByLabel("18–35 years, 1A", { exact: true });
        const quote = page.getByTestId("live-quote");
        await expect(quote).toContainText("12 employees");
        await cell.fill("-2");
        await page.getByRole("button", { name: "Continue to review" }).click();
        const summary = page.getByRole("heading", { name: "There is a problem" });
        await expect(summary).toBeVisible();
        await expect(page.getByText("18–35 years, 1A: Cannot be negative.")).toBeVisible();
        // No price beside the refused count: not in its cell, not in the box, not in the summary.
        await expect(page.getByText(/\/mo for \d+, with benefits/)).toHaveCount(0);
        await expect(quote).toContainText("Your price shows once every count is a whole number");
        await expect(quote).not.toContainText("₹");

        await page.getByLabel("18–35 years, 1A", { exact: true }).fill("8");
        if (scripted) {
          await expect(quote).toContainText("8 employees");
        } else {
          await page.getByRole("button", { name: "Recalculate" }).click();
          await expect(page).toHaveURL(/\/checkout\/add-people#price$/);
          await expect(quote).toContainText("8 employees");
        }
        await expect(summary).toHaveCount(0);
        await expect(page.getByText("Cannot be negative.")).toHaveCount(0);
        await expect(page.getByText(/^₹[\d,.]+\/mo for 8, with benefits$/)).toBeVisible();
      });

      test("the price stays in view as counts change, and nothing says there is no price beside one", async ({
        page,
        adminAt,
      }) => {
        await openAt(page, adminAt, "people", "/checkout/add-people");
        await expect(page.getByRole("button", { name: "Recalculate" })).toHaveCount(scripted ? 0 : 1);
        await page.getByLabel("36–45 years, 2A+2C", { exact: true }).fill("4");
        if (!scripted) await page.getByRole("button", { name: "Recalculate" }).click();
        await expect(page.getByTestId("live-quote")).toContainText("16 employees");
        // Without script Recalculate lands on the total (#price); with script it follows in place,
        // beside the grid on a desktop (the summary) and at the foot of a phone's screen.
        if (!scripted || size.width < 800) expect(await inView(page, "#price")).toBe(true);
        await expect(page.getByText("Your price appears once you have chosen a plan and added people")).toHaveCount(0);
        if (size.width >= 800) {
          const aside = page.getByRole("complementary", { name: "Membership summary" });
          await expect(aside).toContainText("Employees16");
          await expect(aside).toContainText(/Per (month|year), incl\. GST₹[\d,.]+/);
          expect(await inView(page, ".checkout-aside")).toBe(true);
        } else {
          // On a phone the compact total stays at the foot of the screen while the table is scrolled.
          await page.getByLabel("18–35 years, 1A", { exact: true }).scrollIntoViewIfNeeded();
          await page.getByLabel("18–35 years, 1A", { exact: true }).fill("10");
          if (!scripted) await page.getByRole("button", { name: "Recalculate" }).click();
          await expect(page.getByTestId("live-quote")).toContainText("14 employees");
          await page.getByLabel("18–35 years, 1A", { exact: true }).scrollIntoViewIfNeeded();
          expect(await inView(page, "#price")).toBe(true);
        }
      });

      test("plan step: prices land in view, Update prices only without script, one underwriting line", async ({
        page,
        adminAt,
      }) => {
        await openAt(page, adminAt, "plan", "/checkout/plan-select");
        await expect(page.getByRole("button", { name: "Update prices" })).toHaveCount(scripted ? 0 : 1);
        await expect(page.locator(".underwriter")).toHaveCount(1);
        const box = page.getByTestId("live-quote");
        await expect(box).toContainText(/from ₹[\d,.]+ per member \/ month/);
        await page.getByRole("radio", { name: /Kavach Plus/ }).check();
        if (!scripted) {
          await page.getByRole("button", { name: "Update prices" }).click();
          await expect(page).toHaveURL(/#prices$/);
        }
        await expect(box).toContainText("₹3,00,000 cover");
        // The price lands in view: the box (#prices) without script or on a phone, where it stays at
        // the foot of the screen; with script on a desktop, the chosen card's own price, just clicked.
        if (!scripted || size.width < 800) expect(await inView(page, "#prices")).toBe(true);
        else {
          const card = page.locator("label", { has: page.getByRole("radio", { name: /Kavach Plus/ }) });
          await expect(card).toContainText(/from ₹[\d,.]+ per member \/ month/);
          expect(await inView(page, "label:has(input:checked)")).toBe(true);
        }
      });

      test("every answer on the review has its own Change, and saving there returns to the review", async ({
        page,
        adminAt,
      }) => {
        // 8 employees aged 18–35 alone and 4 aged 36–45 with family, from the fixture.
        await openAt(page, adminAt, "review", "/checkout/checkout");
        const answers = page.getByRole("definition").filter({ has: page.getByRole("link", { name: /^Change/ }) });
        const links = {
          company: /\/checkout\/gst-details\?returnTo=review$/,
          admin: /\/checkout\/company-details\?returnTo=review$/,
          plan: /\/checkout\/plan-select\?returnTo=review$/,
          benefits: /\/checkout\/plan-select\?returnTo=review#benefits$/,
          people: /\/checkout\/add-people\?returnTo=review$/,
          billing: /#billing$/,
        };
        await expect(answers).toHaveCount(Object.keys(links).length);
        for (const [row, href] of Object.entries(links)) {
          await expect(page.getByRole("link", { name: `Change ${row}`, exact: true })).toHaveAttribute("href", href);
        }

        // Admin: a new name, saved, and back on the review with it.
        await page.getByRole("link", { name: "Change admin", exact: true }).click();
        await expect(page.getByTestId("return-to-review")).toBeVisible();
        await page.getByLabel("Your full name").fill("Meera Iyer");
        await page.getByRole("button", { name: "Continue to plans" }).click();
        await expect(page).toHaveURL(/\/checkout\/checkout$/);
        await expect(page.getByText(/Meera Iyer · asha\.rao@fernleaf\.example · 12 employees/)).toBeVisible();

        // People: a new count, through the step's own button, and back.
        await page.getByRole("link", { name: "Change people", exact: true }).click();
        await page.getByLabel("18–35 years, 1A", { exact: true }).fill("9");
        if (scripted) await expect(page.getByTestId("live-quote")).toContainText("13 employees");
        await page.getByRole("button", { name: "Continue to review" }).click();
        await expect(page).toHaveURL(/\/checkout\/checkout$/);
        await expect(page.getByText("13 employees ·", { exact: false })).toBeVisible();

        // Benefits and plan: the plan step's Continue comes back too.
        await page.getByRole("link", { name: "Change benefits", exact: true }).click();
        await expect(page).toHaveURL(/plan-select\?returnTo=review#benefits$/);
        await page.getByRole("radio", { name: /Kavach Plus/ }).check();
        if (!scripted) await page.getByRole("button", { name: "Update prices" }).click();
        await page.getByRole("button", { name: "Continue", exact: true }).click();
        await expect(page).toHaveURL(/\/checkout\/checkout$/);
        await expect(page.getByText(/Kavach Plus · ₹3,00,000 sum insured/)).toBeVisible();

        // Company: the same GSTIN confirmed again returns to the review.
        await page.getByRole("link", { name: "Change company", exact: true }).click();
        await expect(page).toHaveURL(/\/checkout\/gst-details\?returnTo=review$/);
        await page.getByLabel("GSTIN").fill(FERNLEAF);
        await page.getByRole("button", { name: /Verify/ }).click();
        await page.getByRole("button", { name: "Yes, this is my company" }).click();
        await expect(page).toHaveURL(/\/checkout\/checkout$/);
        await expect(page.getByText(`GSTIN ${FERNLEAF}`)).toBeVisible();
        // The premium counts employees.
        await expect(page.getByText(/\d people/)).toHaveCount(0);
      });

      test("a headcount outside 2 to 10,000 keeps the spec's message and offers a call back that reaches sales", async ({
        page,
        adminAt,
      }) => {
        await openAt(page, adminAt, "details", "/checkout/company-details");
        await page.getByLabel("Your full name").fill("Asha Rao");
        await page.getByLabel("Work email").fill("asha.rao@fernleaf.example");
        await page.getByLabel(/Total employees/).fill("20000");
        await page.getByRole("button", { name: "Continue to plans" }).click();
        await expect(page.getByText(MESSAGES.employeesRange).first()).toBeVisible();
        const link = page.getByRole("link", { name: "ask us to call you" });
        await expect(link).toHaveAttribute("href", "/contact-us/call-back?headcount=20000");
        await link.click();
        await expect(page.getByLabel("Number of employees")).toHaveValue("20000");
        const mobile = freshMobile();
        const company = `Big Team ${mobile}`;
        await page.getByLabel("Your full name").fill("Asha Rao");
        await page.getByLabel("Mobile number").fill(mobile);
        await page.getByLabel("Company (optional)").fill(company);
        await page.getByRole("button", { name: "Request a call back" }).click();
        await expect(page.getByText("Our sales team has your request")).toBeVisible();
        const outbox = await page.request.get("/api/sandbox/emails?to=sales@kavach.example", {
          headers: OUTBOX_HEADERS,
        });
        const mails = ((await outbox.json()) as { data: Array<{ subject: string; text: string }> }).data;
        const mail = mails.find((m) => m.text.includes(company));
        expect(mail?.subject).toBe("Call-back request: 20000 employees");
        expect(mail?.text).toContain(`Mobile: +91 ${mobile}`);
      });
    });
  }

  test.describe(`script ${scripted ? "on" : "off"}, resend`, () => {
    test.use({ javaScriptEnabled: scripted });

    test("waiting for a new code is information, and the button is disabled with its countdown", async ({ page }) => {
      await page.goto("/checkout/verify");
      const mobile = freshMobile();
      await page.getByLabel("Mobile number").fill(mobile);
      await page.getByRole("button", { name: "Send code" }).click();
      await expect(page).toHaveURL(/\/checkout\/verify-otp$/);
      const resend = page.getByRole("button", { name: "Send a new code" });
      await expect(resend).toBeDisabled();
      const wait = page.getByTestId("resend-wait");
      await expect(wait).toContainText(/You can ask for a new code in \d+ s/);
      await expect(page.getByRole("heading", { name: "There is a problem" })).toHaveCount(0);
      if (scripted) {
        const first = Number((await wait.textContent())!.match(/in (\d+) s/)![1]);
        await expect(wait).not.toContainText(`in ${first} s`);
      } else {
        await expect(wait).toContainText("reload this page then");
      }
    });
  });
}

test.describe("script off, home calculator", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });

  test("the home calculator's answer is where its button lands, and a headcount out of range leads to a call back", async ({
    page,
  }) => {
    await page.goto("/");
    // Every count box is whole at 360 px, the last column (2A+2C) too.
    const last = (await page.getByLabel("56–65 years, 2A+2C", { exact: true }).boundingBox())!;
    expect(last.x + last.width).toBeLessThanOrEqual(360 - 12);
    await page.getByLabel("18–35 years, 1A", { exact: true }).fill("1");
    await page.getByRole("button", { name: "Show the price" }).click();
    await expect(page).toHaveURL(/#price-result$/);
    await expect(page.getByText(MESSAGES.employeesRange)).toBeVisible();
    expect(await inView(page, "#price-result")).toBe(true);
    await expect(page.getByRole("link", { name: "ask us to call you" })).toHaveAttribute(
      "href",
      "/contact-us/call-back?headcount=1",
    );
  });
});

test.describe("script off, the summary page and the GSTIN field", () => {
  test.use({ javaScriptEnabled: false });

  test("the membership summary has a main heading, and the GSTIN example is no real company's", async ({
    page,
    adminAt,
  }) => {
    await openAt(page, adminAt, "gst", "/checkout/gst-details");
    expect(await page.getByLabel("GSTIN").getAttribute("placeholder")).not.toMatch(/^\d{2}[A-Z]{5}\d{4}[A-Z]\w{3}$/);
    await page.goto("/checkout/summary");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your membership so far");
  });
});
