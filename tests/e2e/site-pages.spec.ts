import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { DOWN_PORT } from "../../playwright.config";
import { greetingForHour, MESSAGES } from "~/config/constants";
import { kolkataHour } from "~/components/greeting";
import { PUBLIC_PAGES } from "~/content/public-pages";
import { expect, test } from "./fixtures";
import { freshMobile } from "./helpers";
import { OUTBOX_HEADERS } from "../support/outbox";

/**
 * The public site in a browser: every page complete with JavaScript off, accessible, and finished at
 * 360 and 1280 px; then what script adds (motion) and the failure paths on a server whose API is down.
 */

/** Kept outside test-results/, which every Playwright run empties. Git ignores it. */
const SCREENS = "tests/e2e/.artifacts/site";
const down = `http://127.0.0.1:${DOWN_PORT}`;

/**
 * Lazy images load as they near the viewport: wheel down the page (no page script needed, and
 * carousels keep their snapped position) so screenshots show them.
 */
async function revealLazyImages(page: Page) {
  for (let i = 0; i < 14; i++) await page.mouse.wheel(0, 800);
  await page.waitForLoadState("networkidle");
  // Back to the top, or the sticky header is drawn mid-page in a full-page screenshot.
  await page.mouse.wheel(0, -20_000);
}

const slug = (path: string) => (path === "/" ? "home" : path.slice(1).replace(/\//g, "_"));

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  for (const { path } of PUBLIC_PAGES) {
    test(`${path}: heading, footer, no console errors, screenshots`, async ({ page }) => {
      const errors: string[] = [];
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      page.on("pageerror", (e) => errors.push(e.message));
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).not.toBeEmpty();
      await expect(page.getByRole("contentinfo")).toBeVisible();
      await expect(page.getByRole("link", { name: "Terms & Conditions" })).toBeVisible();
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await revealLazyImages(page);
        await page.screenshot({ path: `${SCREENS}/${slug(path)}-${width}.png`, fullPage: true });
      }
      expect(errors).toEqual([]);
    });
  }

  test("the greeting is the server's, for the hour in India", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator(".hero .eyebrow")).toContainText(greetingForHour(kolkataHour()));
  });

  test("copy says what the page shows: the cover that is always included is not 'added'", async ({ page }) => {
    await page.goto("/employee-healthcare/group-health-insurance");
    await expect(page.getByText("Add Group Health Insurance")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Cover your team with Group Health Insurance" })).toBeVisible();
    await page.goto("/employee-healthcare/doctor-consultation");
    await expect(page.getByRole("heading", { name: "Add Doctor Consultation for your team" })).toBeVisible();
    // The home page's three comparison cards are introduced as what they are, not as "ways".
    await page.goto("/");
    const compare = page.getByRole("region", { name: "How Kavach compares" });
    await expect(compare.locator(".card")).toHaveCount(3);
    await expect(compare).not.toContainText(/common ways|the four/);
  });

  test("the app page shows screenshots of the product, lazy, sized and described", async ({ page }) => {
    await page.goto("/app");
    const shots = page.getByRole("region", { name: "What it looks like on a phone" }).locator("img");
    await expect(shots).toHaveCount(3);
    for (const shot of await shots.all()) {
      await expect(shot).toHaveAttribute("loading", "lazy");
      await expect(shot).toHaveAttribute("width", "360");
      await expect(shot).toHaveAttribute("height", "740");
      expect((await shot.getAttribute("alt"))!.length).toBeGreaterThan(20);
      const image = await page.request.get((await shot.getAttribute("src"))!);
      expect(image.headers()["content-type"]).toBe("image/webp");
      // Small: a phone's view compressed, not a full-page capture.
      expect((await image.body()).length).toBeLessThan(60_000);
    }
  });

  test("the FAQ accordion keeps one panel open at a time without script", async ({ page }) => {
    await page.goto("/partners/godrej-housing-finance");
    const panels = page.locator('details[name="partner-faq"]');
    await expect(panels.nth(0)).toHaveAttribute("open", "");
    await panels.nth(2).locator("summary").click();
    await expect(panels.nth(2)).toHaveAttribute("open", "");
    await expect(panels.nth(0)).not.toHaveAttribute("open", "");
  });

  for (const path of ["/reviews", "/partners/godrej", "/partners/godrej-finance"]) {
    test(`every review on ${path} names its source and its date; samples say so`, async ({ page }) => {
      await page.goto(path);
      const reviews = page.locator("figure.quote");
      await expect(reviews.first()).toBeAttached();
      for (const review of await reviews.all()) {
        await expect(review.locator(".quote__source")).toContainText(/^Source: \S/);
        await expect(review.locator(".quote__source time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}$/);
        await expect(review.getByText("Sample review", { exact: true })).toBeAttached();
      }
    });
  }

  test("carousels scroll by hand: every slide is in the page", async ({ page }) => {
    await page.goto("/partners/godrej");
    const track = page.getByRole("region", { name: "Customer testimonials" }).getByRole("list");
    await expect(track.getByRole("listitem")).toHaveCount(4);
    await expect(track).toHaveAttribute("tabindex", "0");
  });

  test("the app invite validates the number beside the field and sends the link", async ({ page, request }) => {
    await page.goto("/app");
    const field = page.getByLabel("Mobile number");
    await field.fill("12345");
    let response = page.waitForResponse((r) => r.url().endsWith("/app") && r.request().method() === "POST");
    await page.getByRole("button", { name: "Send me the link" }).click();
    expect((await response).status()).toBe(400);
    await expect(page.locator(".field__error")).toHaveText(MESSAGES.phoneInvalid);
    await expect(page.getByLabel("Mobile number")).toHaveAttribute("aria-invalid", "true");

    const mobile = freshMobile();
    await page.getByLabel("Mobile number").fill(`+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`);
    response = page.waitForResponse((r) => r.url().endsWith("/app") && r.request().method() === "POST");
    await page.getByRole("button", { name: "Send me the link" }).click();
    expect((await response).status()).toBe(200);
    await expect(page.getByRole("status")).toContainText(
      `Sent! The download link is on its way to +91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`,
    );
    const outbox = (await (
      await request.get(`/api/sandbox/sms?mobile_no=${mobile}`, { headers: OUTBOX_HEADERS })
    ).json()) as { data: unknown[] };
    expect(outbox.data.length).toBe(1);
  });

  test("the named partner pages say Buy Now and pass their domain; others say Purchase now", async ({ page }) => {
    for (const [path, label, href] of [
      ["/partners/godrej", "Buy Now", "/checkout/verify?from=godrejcapital.example"],
      ["/partners/godrej-finance", "Buy Now", "/checkout/verify?from=godrejfinance.example"],
      ["/partners/godrej-housing-finance", "Buy Now", "/checkout/verify?from=godrejhousingfinance.example"],
      ["/partners/workbay", "Purchase now", "/checkout/verify"],
      ["/", "Purchase now", "/checkout/verify"],
      ["/employee-healthcare/doctor-consultation", "Purchase now", "/checkout/verify"],
    ]) {
      await page.goto(path);
      await expect(page.getByRole("banner").getByRole("link", { name: label, exact: true })).toHaveAttribute(
        "href",
        href,
      );
    }
  });

  test("layout 1: partner logo, Talk to us in a new window, banner button, theme colours", async ({ page }) => {
    await page.goto("/partners/godrej");
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("img", { name: "Godrej Capital" })).toBeVisible();
    const talk = banner.getByRole("link", { name: /Talk to us/ });
    await expect(talk).toHaveAttribute("target", "_blank");
    await expect(talk).toHaveAttribute("rel", /noopener/);
    await expect(page.getByRole("link", { name: "Start your Healthcare Journey Today" })).toHaveAttribute(
      "href",
      "/checkout/verify?from=godrejcapital.example",
    );
    await expect(page.getByRole("heading", { level: 1 })).toHaveCSS("color", "rgb(74, 37, 116)");
    const buy = page.getByRole("main").getByRole("link", { name: "Buy Now" }).first();
    await expect(buy).toHaveCSS("background-color", "rgb(194, 24, 91)");
    await expect(buy).toHaveCSS("color", "rgb(255, 255, 255)");
    await expect(page.getByRole("heading", { name: "Here’s what our customers are saying!" })).toBeVisible();
    // Three why-cards in the first row, the rest in the second.
    await expect(page.locator(".why-row").nth(0).locator(".why-card")).toHaveCount(3);
    await expect(page.locator(".why-row").nth(1).locator(".why-card")).toHaveCount(2);
  });
});

test.describe("with JavaScript on", () => {
  for (const { path } of PUBLIC_PAGES) {
    test(`${path}: no sideways scroll on a phone, no serious or critical accessibility violations`, async ({
      page,
    }) => {
      const errors: string[] = [];
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      // docs/product.md, Phone widths and Accessibility: axe at 360 and 1280 px.
      for (const width of [320, 360, 414, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(wide, `page width at ${width} px`).toBeLessThanOrEqual(width);
        if (width !== 360 && width !== 1280) continue;
        const results = await new AxeBuilder({ page }).analyze();
        const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
        expect(serious.map((v) => `${width} px ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual(
          [],
        );
      }
      expect(errors, "hydration and runtime errors").toEqual([]);
    });
  }

  test("the greeting is India's, and the same before and after the page's script runs", async ({
    browser,
    request,
  }) => {
    const india = greetingForHour(kolkataHour());
    // A browser whose own clock would greet differently: the text must still not change after load.
    const timezoneId = ["America/Los_Angeles", "Pacific/Honolulu", "Europe/London", "Asia/Tokyo"].find(
      (zone) =>
        greetingForHour(
          Number(new Intl.DateTimeFormat("en-GB", { timeZone: zone, hour: "numeric", hourCycle: "h23" }).format()) % 24,
        ) !== india,
    );
    // As sent (before any script): React's text separators aside, the greeting for India's hour.
    const served = (await (await request.get("/")).text()).replaceAll("<!-- -->", "");
    expect(served).toContain(`${india}! Cover your team in minutes.`);
    const context = await browser.newContext({ timezoneId });
    const page = await context.newPage();
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    // After the page script has run: the same text.
    await expect(page.locator(".hero .eyebrow")).toHaveText(`${india}! Cover your team in minutes.`);
    await context.close();
  });

  test("the partner logo carousel adds dots, a pause button and autoplays", async ({ page }) => {
    await page.goto("/partners/godrej-housing-finance");
    const carousel = page.getByRole("region", { name: "Customer logos" });
    const dots = carousel.getByRole("button", { name: /Show slide/ });
    await expect(dots).toHaveCount(4); // 8 logos, 5 per view on a wide screen
    await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
    await expect(dots.nth(1)).toHaveAttribute("aria-current", "true", { timeout: 6000 });
    await carousel.getByRole("button", { name: /Pause/ }).click();
    await expect(carousel.getByRole("button", { name: /Play/ })).toHaveAttribute("aria-pressed", "true");
    await dots.nth(3).click();
    await expect(dots.nth(3)).toHaveAttribute("aria-current", "true");
  });

  test("the partner logo carousel shows at least three logos on a 360 px phone", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/partners/godrej-housing-finance");
    const carousel = page.getByRole("region", { name: "Customer logos" });
    await carousel.scrollIntoViewIfNeeded();
    const box = (await carousel.boundingBox())!;
    const shown = await carousel.locator(".carousel__slide").evaluateAll(
      (slides, [left, right]) =>
        slides.filter((slide) => {
          const r = slide.getBoundingClientRect();
          return r.width >= 60 && r.left >= left - 1 && r.right <= right + 1;
        }).length,
      [box.x, box.x + box.width],
    );
    expect(shown).toBeGreaterThanOrEqual(3);
    await expect(carousel.getByRole("button", { name: /Show slide/ }).first()).toBeVisible();
  });

  test("an image that fails to load leaves a blank placeholder", async ({ page }) => {
    await page.route("**/partners/assets/avatars/1.svg", (route) => route.abort());
    await page.goto("/partners/godrej");
    await revealLazyImages(page);
    await expect(page.locator(".lazy-image--blank").first()).toBeAttached();
    await expect(page.locator('img[src="/partners/assets/avatars/1.svg"]')).toHaveCount(0);
  });

  test("the app invite answers beside the field when script submits it too", async ({ page }) => {
    await page.goto("/app");
    await page.getByLabel("Mobile number").fill("55555");
    await page.getByRole("button", { name: "Send me the link" }).click();
    await expect(page.locator(".field__error")).toHaveText(MESSAGES.phoneInvalid);
    await page.getByLabel("Mobile number").fill("");
    await page.getByRole("button", { name: "Send me the link" }).click();
    await expect(page.locator(".field__error")).toHaveText(MESSAGES.phoneRequired);
  });

  test("a slow page shows the full-screen loader only after two seconds", async ({ page }) => {
    await page.goto("/reviews");
    await page.waitForLoadState("networkidle");
    // The next page is held until the old one has shown its loader: as slow as the test needs, and
    // no slower. The page tells the test when (ms after the click): while it waits on a navigation,
    // Playwright cannot read it.
    let loaderShownAfter!: (ms: number) => void;
    const loaderAfterMs = new Promise<number>((resolve) => (loaderShownAfter = resolve));
    await page.exposeFunction("loaderShownAfter", (ms: number) => loaderShownAfter(ms));
    await page.route("**/about-us", async (route) => {
      await loaderAfterMs;
      await route.continue();
    });
    await page
      .getByRole("link", { name: "About", exact: true })
      .first()
      .evaluate((link: HTMLAnchorElement) => {
        const clicked = performance.now();
        const observer = new MutationObserver(() => {
          if (!document.querySelector(".fs-loader")) return;
          observer.disconnect();
          (window as unknown as { loaderShownAfter(ms: number): void }).loaderShownAfter(
            Math.round(performance.now() - clicked),
          );
        });
        observer.observe(document.body, { childList: true });
        link.click();
      });
    await expect(page).toHaveURL(/\/about-us$/, { timeout: 10_000 });
    const after = await loaderAfterMs;
    // Absent at 1 s, there by 2.5 s.
    expect(after).toBeGreaterThanOrEqual(1000);
    expect(after).toBeLessThanOrEqual(2500);
  });

  test("a signed-in admin sees the logged-in home", async ({ page, adminAt }) => {
    await adminAt("gst");
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("welcome back");
    await expect(page.getByRole("link", { name: "Continue your purchase" })).toBeVisible();
  });
});

test.describe("when the API is down", () => {
  test.use({ javaScriptEnabled: false });

  test("the terms page says in words that the terms could not be loaded", async ({ page }) => {
    const response = await page.goto(`${down}/terms-of-use`);
    expect(response?.status()).toBe(503);
    await expect(page.getByRole("alert")).toContainText("We could not load the terms of use right now.");
    await expect(page.getByRole("alert")).toContainText(MESSAGES.serviceDown);
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });

  test("the reviews page says so too", async ({ page }) => {
    const response = await page.goto(`${down}/reviews`);
    expect(response?.status()).toBe(503);
    await expect(page.getByRole("alert")).toContainText("We could not load reviews right now.");
  });

  test("the app invite shows the failure in the page", async ({ page }) => {
    await page.goto(`${down}/app`);
    await page.getByLabel("Mobile number").fill("9876543210");
    await page.getByRole("button", { name: "Send me the link" }).click();
    await expect(page.locator(".form-error")).toHaveText(MESSAGES.serviceDown);
  });

  test("content and partner pages do not depend on the API", async ({ page }) => {
    for (const path of ["/", "/partners/godrej", "/partners/workbay", "/employee-healthcare/fitness-tracking"]) {
      expect((await page.goto(`${down}${path}`))?.status()).toBe(200);
    }
    // Prices are the API catalogue's alone: without it a partner page names none (docs/product.md, Partner pages).
    const degraded = await page.goto(`${down}/partners/godrej`);
    // Not kept for the next visitor: the plans come back with the catalogue.
    expect(degraded?.headers()["cache-control"]).toBe("no-store");
    await expect(page.getByText("We cannot show the plans and their prices right now.")).toBeVisible();
    await expect(page.locator(".offer-card")).toHaveCount(0);
  });
});

test.describe("the selected navigation item (docs/product.md, Public pages)", () => {
  const SECTIONS: Array<[path: string, item: string | null, current?: string]> = [
    ["/employee-healthcare-benefits", "Benefits", "page"],
    ["/employee-healthcare/doctor-consultation", "Benefits", "true"],
    ["/reviews", "Reviews", "page"],
    ["/partner", "Partners", "page"],
    ["/partnerships/arogya-diagnostics", "Partners", "true"],
    ["/about-us", "About", "page"],
    ["/mobile/about", "About", "true"],
    ["/terms-of-use", null],
    ["/mobile/terms-of-use", null],
    ["/contact-us", null],
    ["/", null],
  ];

  for (const javaScriptEnabled of [false, true]) {
    test(`the header marks the section the visitor is in, and the legal pages none (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      const nav = page.getByRole("navigation", { name: "Main" });
      for (const [path, item, current] of SECTIONS) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        const marked = nav.locator("a[aria-current]");
        if (item === null) {
          await expect(marked, path).toHaveCount(0);
          continue;
        }
        await expect(marked, path).toHaveCount(1);
        await expect(marked, path).toHaveText(item);
        await expect(marked, path).toHaveAttribute("aria-current", current!);
        // Visibly marked too, not only for screen readers.
        const weight = (name: string) =>
          nav.getByRole("link", { name }).evaluate((a) => getComputedStyle(a).fontWeight);
        const other = ["Benefits", "Reviews", "Partners", "About"].find((n) => n !== item)!;
        expect(Number(await weight(item)), path).toBeGreaterThan(Number(await weight(other)));
      }
      await context.close();
    });
  }
});
