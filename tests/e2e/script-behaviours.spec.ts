import { createCookieSessionStorage } from "@remix-run/node";
import { expect, test } from "@playwright/test";
import { E2E_PORT, E2E_SESSION_SECRET } from "../../playwright.config";
import { enterGstin, FERNLEAF, pay, reachPayment, signIn } from "./helpers";

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
  // Re-sign the real session cookie as if an older deploy had made it.
  const storage = createCookieSessionStorage({ cookie: { name: "kavach_session", secrets: [E2E_SESSION_SECRET], path: "/", httpOnly: true, sameSite: "lax" } });
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

test("each client-side navigation pushes one page view to the data layer", async ({ page }) => {
  await page.goto("/checkout/verify");
  await expect.poll(() => page.evaluate(() => window.dataLayer?.length ?? 0)).toBe(1);
  // The logo is a client-side link: the document stays, the data layer grows.
  await page.getByRole("link", { name: "Kavach home" }).click();
  await expect(page).toHaveURL(`http://127.0.0.1:${E2E_PORT}/`);
  await expect.poll(() => page.evaluate(() => window.dataLayer?.map((e) => e.page_path))).toEqual(["/checkout/verify", "/"]);
});

test("inline validation shows the message on blur, before any submit", async ({ page }) => {
  await page.goto("/checkout/verify");
  await page.getByLabel("Mobile number").fill("12345");
  await page.getByLabel("Mobile number").blur();
  await expect(page.getByText("Enter a 10-digit Indian mobile number")).toBeVisible();
});
