import { expect, test } from "./fixtures";
import {
  addPeople,
  choosePlan,
  enterCompanyDetails,
  enterGstin,
  freshGstin,
  sampleCompanyName,
  isHydrated,
  pay,
  sendSaveData,
  review,
  signIn,
  watchConsole,
} from "./helpers";

/**
 * The whole purchase, as an admin does it: with script off (plain posts), with script on (the
 * checkout hydrates: client-side steps, browser validation, fetchers) and with script on but the
 * browser in data-saver mode (served unhydrated, exactly as with script off). The first two walk
 * every page from the mobile number; data-saver mode starts signed in (the `adminAt` fixture).
 */
const MODES = [
  { name: "JavaScript off", javaScriptEnabled: false, saveData: false },
  { name: "JavaScript on", javaScriptEnabled: true, saveData: false },
  { name: "JavaScript on and Save-Data: on", javaScriptEnabled: true, saveData: true },
] as const;

for (const mode of MODES) {
  test.describe(`purchase with ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test(
      mode.saveData ? "from company to a paid order" : "from mobile number to a paid order",
      async ({ page, adminAt }) => {
        const console = watchConsole(page);
        if (mode.saveData) await sendSaveData(page);
        const hydrated = mode.javaScriptEnabled && !mode.saveData;
        if (mode.saveData) {
          await adminAt("gst");
          await page.goto("/checkout/gst-details");
        } else await signIn(page);
        // Remix's client is on the page only where the route hydrates and the visitor has not asked to save data.
        expect(await isHydrated(page)).toBe(hydrated);
        if (mode.javaScriptEnabled) {
          // The search finds the company by name.
          await page.getByLabel("Company name").fill("fernleaf");
          await page.getByRole("button", { name: "Search" }).click();
          await expect(page.getByRole("button", { name: /Fernleaf Analytics Private Limited/ })).toBeVisible();
          await page.goto("/checkout/gst-details");
        }
        // Bought for a company of its own: a GSTIN holds one membership (docs/product.md, One membership per company).
        const gstin = freshGstin();
        await enterGstin(page, gstin);
        await enterCompanyDetails(page);
        await expect(page.getByText(sampleCompanyName(gstin)).first()).toBeVisible();
        await choosePlan(page);
        await addPeople(page);
        await review(page, "Yearly");
        await expect(page.getByRole("heading", { name: "Payment" })).toBeVisible();
        // Karnataka buyer: CGST and SGST, not IGST.
        await expect(page.getByText("CGST 9%").first()).toBeVisible();
        await expect(page.getByText("IGST 18%")).toHaveCount(0);
        await pay(page);
        const amount = await page.getByRole("button", { name: /Success/ }).textContent();
        await page.getByRole("button", { name: /Success/ }).click();
        await expect(page).toHaveURL(/\/teamsure\/verify-payment\?order_id=order_/);
        await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
        const paid = await page.locator(".bill__total dd").textContent();
        expect(amount).toContain(paid!);
        // No hydration warning or error, nor any other, anywhere along the way.
        expect(console.problems()).toEqual([]);
      },
    );
  });
}
