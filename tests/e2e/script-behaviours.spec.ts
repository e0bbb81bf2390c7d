import { createCookieSessionStorage } from "@remix-run/node";
import { expect, test } from "@playwright/test";
import { E2E_PORT, E2E_SESSION_SECRET } from "../../playwright.config";
import { MESSAGES } from "../../app/constants";
import { createSealedCookie } from "../../app/sealed-cookie.server";
import { enterGstin, FERNLEAF, freshMobile, pay, reachPayment, signIn } from "./helpers";

test.use({ javaScriptEnabled: true });

test("logging out in one tab signs the other tabs out and sends them home", async ({ context }) => {
  const first = await context.newPage();
  await signIn(first);
  await expect(first).toHaveURL(/gst-details/);
  const second = await context.newPage();
  await second.goto("/checkout/gst-details");
  await expect(second.getByRole("button", { name: "Sign out" })).toBeVisible();

  await first.getByRole("button", { name: "Sign out" }).click();
  await expect(first).toHaveURL(/\/checkout\/verify$/);
  await expect(second).toHaveURL(`http://127.0.0.1:${E2E_PORT}/`, { timeout: 3000 });
  await expect(second.getByRole("button", { name: "Sign out" })).toHaveCount(0);
});

test("a session made under another app version is signed out and sent home", async ({ page, context }) => {
  await signIn(page);
  await enterGstin(page, FERNLEAF);
  // Re-seal the real session cookie as if an older deploy had made it.
  const storage = createCookieSessionStorage({ cookie: createSealedCookie("kavach_session", { secrets: [E2E_SESSION_SECRET], path: "/", httpOnly: true, sameSite: "lax" }) });
  const cookie = (await context.cookies()).find((c) => c.name === "kavach_session")!;
  const session = await storage.getSession(`kavach_session=${cookie.value}`);
  session.set("version", "1.0.1");
  const value = (await storage.commitSession(session)).split(";")[0].split("=").slice(1).join("=");
  await context.addCookies([{ ...cookie, value }]);

  await page.goto("/checkout/company-details");
  await expect(page).toHaveURL(`http://127.0.0.1:${E2E_PORT}/`);
  await expect(page.getByText("Kavach has been updated. Please sign in again.")).toBeVisible();
  await page.goto("/checkout/company-details");
  await expect(page).toHaveURL(/\/checkout\/verify$/);
});

test("going back to the payment page after paying shows the paid order, not a stale form", async ({ page }) => {
  await reachPayment(page);
  await pay(page);
  await page.getByRole("button", { name: /Success/ }).click();
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  await page.goBack();
  await page.goBack();
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay securely" })).toHaveCount(0);
});

test("each page pushes one page view, with its path, to the data layer", async ({ page }) => {
  await page.goto("/checkout/verify?utm_source=test");
  await expect.poll(() => page.evaluate(() => window.dataLayer)).toEqual([{ event: "page_view", page_path: "/checkout/verify?utm_source=test" }]);
  await page.getByRole("link", { name: "Kavach home" }).click();
  await expect(page).toHaveURL(`http://127.0.0.1:${E2E_PORT}/`);
  await expect.poll(() => page.evaluate(() => window.dataLayer?.map((e) => e.page_path))).toEqual(["/"]);
});

test("inline validation shows the message on blur, before any submit, and clears it once corrected", async ({ page }) => {
  await page.goto("/checkout/verify");
  const mobile = page.getByLabel("Mobile number");
  await mobile.fill("12345");
  await mobile.blur();
  await expect(page.getByText(MESSAGES.phoneInvalid)).toBeVisible();
  await expect(mobile).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/checkout\/verify$/);
  await mobile.fill(freshMobile());
  await expect(page.getByText(MESSAGES.phoneInvalid)).toBeHidden();
  await expect(mobile).not.toHaveAttribute("aria-invalid");
});

test("inline validation applies the server's own rules, such as the GSTIN check character", async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/gst-details/);
  const gstin = page.getByLabel("GSTIN");
  await gstin.fill(`${FERNLEAF.slice(0, 14)}${FERNLEAF.endsWith("7") ? "8" : "7"}`);
  await gstin.blur();
  await expect(page.getByText(MESSAGES.gstinCheck)).toBeVisible();
  await expect(page).toHaveURL(/gst-details$/);
});

test("a slow submission says what it is doing, shows the loader, and is sent once", async ({ page }) => {
  await page.goto("/checkout/verify");
  let posts = 0;
  await page.route("**/checkout/verify", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    posts += 1;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.getByLabel("Mobile number").fill(freshMobile());
  // Watched from inside the page in one go: while a navigation is under way, Playwright's own
  // clicks and reads wait for it to finish.
  const seen = await page.evaluate(async () => {
    const button = document.querySelector<HTMLButtonElement>("main button[type=submit]")!;
    button.click();
    const pending = { label: button.textContent, disabled: button.getAttribute("aria-disabled") };
    // A second click once the first post is on its way, as an impatient admin's would be.
    await new Promise((resolve) => setTimeout(resolve, 300));
    button.click();
    await new Promise((resolve) => setTimeout(resolve, 400));
    return { pending, loader: document.querySelector(".fs-loader")?.textContent };
  });
  expect(seen).toEqual({ pending: { label: "Sending code…", disabled: "true" }, loader: "Loading, please wait" });
  await expect(page).toHaveURL(/\/checkout\/verify-otp$/);
  expect(posts).toBe(1);
});
