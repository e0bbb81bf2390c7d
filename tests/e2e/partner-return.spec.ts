import type { BrowserContext } from "@playwright/test";
import { adminSession } from "../support/admin-session";
import { membershipOrderId, payOverApi } from "../support/membership";
import { DEV_COOKIE, sessionCodec } from "../support/session-cookie";
import { E2E_SESSION_SECRET } from "../../playwright.config";
import { API, ORIGIN, expect, test } from "./fixtures";

/**
 * Spec row 3.21 (`from`, "a host to return to"; decisions 0020 and 0039): an admin a finance partner's page
 * sent to the checkout (`from` kept in the session, docs/product.md, Partner pages) is offered the way back
 * to that partner's site once the purchase is paid; an admin from anywhere else is not.
 */

test.use({ javaScriptEnabled: false });

/** A paid admin whose session holds `from`, as the verify step keeps it. */
async function paidAdminFrom(context: BrowserContext, from: string) {
  const { admin, cookie } = await adminSession(API, "payment", { secret: E2E_SESSION_SECRET });
  const codec = sessionCodec([E2E_SESSION_SECRET], DEV_COOKIE);
  const value = await codec.write({ ...(await codec.read(cookie.value)), from });
  await context.addCookies([{ name: cookie.name, value, url: ORIGIN, httpOnly: true, sameSite: "Lax" }]);
  await payOverApi(ORIGIN, admin.token, "yearly");
  return membershipOrderId(ORIGIN, admin.token);
}

test("a finance partner's admin is offered the way back to the partner once paid", async ({ page, context }) => {
  const orderId = await paidAdminFrom(context, "godrejcapital.example");
  await page.goto(`/teamsure/verify-payment?order_id=${orderId}`);
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Godrej Capital" })).toHaveAttribute(
    "href",
    "https://godrejcapital.example/",
  );
});

test("an admin from any other host is offered no way back to it", async ({ page, context }) => {
  const orderId = await paidAdminFrom(context, "workbay.example");
  await page.goto(`/teamsure/verify-payment?order_id=${orderId}`);
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Back to / })).toHaveCount(0);
  await expect(page.locator('a[href*="workbay.example"]')).toHaveCount(0);
});
