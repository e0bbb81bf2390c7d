import type { Locator, Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { ORIGIN, expect, test } from "./fixtures";
import { confirmChange, payAndNameTeam } from "../support/membership";
import { freshGstin, freshMobile, readCode, sampleCompanyName } from "./helpers";
import { MESSAGES } from "../../app/config/constants";

/**
 * What axe cannot see (docs/product.md, Accessibility): the skip link, the error summary that takes
 * the focus after a refused post and links each message to its field, the code field focused on
 * arrival, named stepper links, a focus ring that stands out, and a submit click that is never lost.
 */

const summary = (page: Page) => page.locator(".error-summary");

/** No serious or critical accessibility violations on the page as it stands. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Today in India, as the API dates a change. */
const todayInIndia = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/** Each of the summary's links leads to a field on the page: its href is "#" + the input's id. */
async function expectLinksToFields(page: Page, labels: string[]) {
  const links = summary(page).getByRole("link");
  await expect(links).toHaveCount(labels.length);
  for (const [i, label] of labels.entries()) {
    const href = await links.nth(i).getAttribute("href");
    const id = await page.getByLabel(label, { exact: true }).getAttribute("id");
    expect(href).toBe(`#${id}`);
  }
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the skip link is the first stop and leads past the header to the page", async ({ page }) => {
      for (const path of ["/", "/checkout/verify"]) {
        await page.goto(path);
        await page.keyboard.press("Tab");
        const skip = page.getByRole("link", { name: "Skip to main content" });
        await expect(skip).toBeFocused();
        await expect(skip).toBeInViewport();
        await page.keyboard.press("Enter");
        await expect(page.locator("main")).toBeFocused();
        // The next Tab goes on from the page's content, not from the header.
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => document.activeElement?.closest("main") !== null)).toBe(true);
      }
    });

    test("a refused step opens on the error summary, whose messages link to their fields", async ({
      page,
      adminAt,
    }) => {
      // On a phone, where a message appearing above the declaration would move it under the pointer.
      await page.setViewportSize({ width: 360, height: 800 });
      await adminAt("details");
      await page.goto("/checkout/company-details");
      await page.getByLabel("Your full name").fill("");
      await page.getByLabel("Work email").fill("asha.rao@");
      // Leaving the email for the box shows its message (with script) while the press is on its way.
      await page.getByLabel(/I am authorised to buy this cover/).check();
      await page.getByRole("button", { name: "Continue to plans" }).click();
      await expect(summary(page)).toBeFocused();
      await expect(summary(page).getByRole("heading", { name: "There is a problem" })).toBeVisible();
      await expect(summary(page)).toContainText("Enter your name.");
      await expect(summary(page)).toContainText("Enter a valid email address");
      await expectLinksToFields(page, ["Your full name", "Work email"]);
      // Everything typed stays, the message beside each field too.
      await expect(page.getByLabel("Work email")).toHaveValue("asha.rao@");
      await expect(page.getByLabel("Work email")).toHaveAttribute("aria-invalid", "true");
      await summary(page)
        .getByRole("link", { name: /valid email/ })
        .click();
      await expect(page.getByLabel("Work email")).toBeFocused();
    });

    test("the code field has the focus on arrival; a wrong code opens on the summary", async ({ page }) => {
      const mobile = freshMobile();
      await page.goto("/checkout/verify");
      await page.getByLabel("Mobile number").fill(mobile);
      await page.getByRole("button", { name: "Send code" }).click();
      await expect(page).toHaveURL(/\/checkout\/verify-otp$/);
      const field = page.getByLabel("One-time code");
      await expect(field).toBeFocused();
      const code = await readCode(page.request, mobile);
      // The right length, so only the server can refuse it.
      await field.fill(code === "0000" ? "1111" : "0000");
      await page.getByRole("button", { name: "Verify and continue" }).click();
      await expect(summary(page)).toBeFocused();
      await expect(summary(page)).not.toBeEmpty();
    });

    for (const width of [360, 1280]) {
      test(`at ${width} px every stepper link is named after its step`, async ({ page, adminAt }) => {
        await page.setViewportSize({ width, height: 800 });
        await adminAt("details");
        await page.goto("/checkout/company-details");
        const links = page.getByRole("navigation", { name: "Checkout progress" }).getByRole("link");
        await expect(links).toHaveCount(2);
        await expect(links.nth(0)).toHaveAccessibleName("Mobile");
        await expect(links.nth(1)).toHaveAccessibleName("Company");
      });
    }
  });
}

for (const script of ["refused", "on"] as const) {
  test.describe(`the app's script ${script}`, () => {
    for (const width of [360, 1280]) {
      test(`at ${width} px, the app's script ${script}: the membership's changes pages pass axe, fit the width and say what they show`, async ({
        page,
        adminAt,
      }) => {
        await page.setViewportSize({ width, height: 800 });
        // Remix's client and the page script are served from /build/: refused, the pages are as sent (axe still runs).
        if (script === "refused") await page.context().route(/\/build\/.*\.js$/, (route) => route.abort());
        const gstin = freshGstin();
        const admin = await adminAt("payment", {
          gstin,
          employees: 3,
          people: [{ band: "18-35", range: "1A", count: 3 }],
        });
        await payAndNameTeam(ORIGIN, admin.token, ["E-1", "E-2", "E-3"]);
        const removed = await confirmChange(ORIGIN, admin.token, {
          kind: "remove",
          employee_code: "E-1",
          effective_date: todayInIndia(),
          reason: "Resigned",
        });
        const check = async (heading: string) => {
          await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
          await expectAccessible(page);
          expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
        };

        await page.goto("/membership");
        await check(sampleCompanyName(gstin));
        // Bought and covered now, side by side on a phone too (a row is a card read as one line there).
        const members = page.getByRole("region", { name: "Members by age band and family cover" });
        const line = members.getByRole("row").filter({ hasText: "18–35 years" });
        await expect(line.getByRole("cell").last()).toHaveText("2");
        const shown = await line
          .getByRole("cell")
          .last()
          .evaluate(
            (cell) =>
              cell.getBoundingClientRect().right <= cell.closest(".table-scroll")!.getBoundingClientRect().right,
          );
        expect(shown).toBe(true);

        await page.goto("/membership/changes");
        await check("Changes to your team");
        const leaver = page.getByRole("region", { name: "Remove a leaver" });
        await leaver.getByRole("button", { name: "See the refund" }).click();
        // The summary stands in the form refused, above its fields.
        await expect(leaver.locator(".error-summary")).toBeVisible();
        await expect(leaver.locator(".error-summary").getByRole("link")).toHaveCount(3);
        await expectAccessible(page);

        await page.goto(`/membership/changes/${removed.change_id}`);
        await check("The leaver is removed");
        await expect(
          page.getByRole("table", { name: "Price of the change" }).getByRole("row", { name: /^Total refunded/ }),
        ).toBeVisible();

        await page.goto(`/membership/credit-notes/${removed.credit_note.number.replaceAll("/", "-")}`);
        await check("Credit note");
      });
    }
  });
}

test.describe("JavaScript on", () => {
  test("a press on a step's button is not lost to the message that leaving the field brings", async ({
    page,
    adminAt,
  }) => {
    await adminAt("details");
    await page.goto("/checkout/company-details");
    await expect.poll(() => page.evaluate(() => "__remixRouter" in window)).toBe(true);
    await page.getByLabel(/I am authorised to buy this cover/).check();
    await page.getByLabel("Your full name").fill("Asha Rao");
    await page.getByLabel(/Total employees/).fill("12");
    // Typed and never left: the press on the button is what takes the focus away.
    await page.getByLabel("Work email").fill("asha.rao@");
    await page.getByRole("button", { name: "Continue to plans" }).click();
    await expect(summary(page)).toBeFocused();
    await expect(summary(page).getByRole("link")).toHaveText(MESSAGES.emailInvalid);
  });

  test("the focus ring stands out at least 3:1 from what is around it", async ({ page }) => {
    await page.goto("/checkout/verify");
    const seen: string[] = [];
    // Through the header, the form and into the footer's dark band, by keyboard (focus-visible).
    for (let i = 0; i < 60 && !seen.some((s) => s.includes("in footer")); i++) {
      await page.keyboard.press("Tab");
      const ring = await ringContrast(page.locator(":focus"));
      seen.push(ring.what);
      expect(ring.width, `${ring.what}: ring width`).toBeGreaterThanOrEqual(2);
      expect(ring.contrast, `${ring.what}: ${ring.color} on ${ring.background}`).toBeGreaterThanOrEqual(3);
    }
    // The walk reached the form and the footer.
    expect(seen.some((s) => s.startsWith("input"))).toBe(true);
    expect(seen.some((s) => s.includes("in footer"))).toBe(true);
  });
});

/**
 * The focused element's outline and the background it is drawn on: the first opaque background of
 * an ancestor (the ring sits outside the element, offset from it). Colours come from computed styles.
 */
function ringContrast(focused: Locator) {
  return focused.evaluate((el) => {
    const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const lin = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
    };
    const style = getComputedStyle(el);
    let background = "rgb(255, 255, 255)";
    for (let node = el.parentElement; node; node = node.parentElement) {
      const bg = getComputedStyle(node).backgroundColor;
      const alpha = rgb(bg)[3];
      if (bg !== "transparent" && (alpha === undefined || alpha === 1)) {
        background = bg;
        break;
      }
    }
    const [a, b] = [luminance(rgb(style.outlineColor)), luminance(rgb(background))].sort((x, y) => y - x);
    const name = `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 30)}"`;
    return {
      what: `${name}${el.closest("footer") ? " in footer" : ""}`,
      width: style.outlineStyle === "none" ? 0 : parseFloat(style.outlineWidth),
      color: style.outlineColor,
      background,
      contrast: (a! + 0.05) / (b! + 0.05),
    };
  });
}
