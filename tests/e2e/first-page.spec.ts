import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { atHydratedCodePage, freshMobile, isHydrated, readCode } from "./helpers";

/**
 * The first page of the purchase costs what plain HTML costs (decision 0053): with script on it
 * is served as without, with the small page script, and is usable once its own files are in; the
 * client the next page hydrates with is fetched only after the load event, while the admin types,
 * and the code page hydrates from the browser's cache. The browser cache works here (no request
 * routing, which would switch it off).
 */
test.use({ javaScriptEnabled: true });

/** Remix's client: the route manifest, the entry module, shared chunks and route modules. */
const CLIENT_SCRIPT = /\/build\/(manifest-|entry\.client-|_shared\/|root-|routes\/)/;

/** The page's script resources: where each came from, when it started, and what crossed the network. */
const scriptEntries = (page: Page) =>
  page.evaluate(() => ({
    loadEventStart: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventStart,
    entries: performance
      .getEntriesByType("resource")
      .map((e) => e as PerformanceResourceTiming)
      .map((e) => ({ path: new URL(e.name).pathname, startTime: e.startTime, transferSize: e.transferSize })),
  }));

test("the first checkout page is usable before any of the client is fetched, and the code page hydrates from the cache", async ({
  page,
}) => {
  await page.goto("/checkout/verify");
  // Served plain: the form works as the HTML came, with the page script, not Remix's client.
  expect(await isHydrated(page)).toBe(false);
  await expect(page.getByRole("button", { name: "Send code" })).toBeEnabled();
  // After the load event the next page's client is fetched, every file of it in the background.
  const warmed = await page
    .locator("head link[rel=prefetch]")
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  expect(warmed.filter((path) => CLIENT_SCRIPT.test(path)).length).toBeGreaterThan(2);
  expect(warmed).toContainEqual(expect.stringMatching(/\/build\/routes\/checkout\.verify-otp-/));
  await expect
    .poll(async () => {
      const { entries } = await scriptEntries(page);
      return warmed.filter((path) => !entries.some((e) => e.path === path));
    })
    .toEqual([]);
  const first = await scriptEntries(page);
  const client = first.entries.filter((e) => CLIENT_SCRIPT.test(e.path));
  expect(client.map((e) => e.path).sort()).toEqual([...warmed].sort());
  // Not one of them started before the page had loaded: the page did not wait for the client.
  expect(client.filter((e) => e.startTime < first.loadEventStart).map((e) => e.path)).toEqual([]);

  const mobile = freshMobile();
  await page.getByLabel("Mobile number").fill(mobile);
  await page.getByRole("button", { name: "Send code" }).click();
  await page.waitForURL(/\/checkout\/verify-otp$/);
  // The next document hydrates (React hydrates in a transition, which may end after the load
  // event), and the client it runs came from the cache, not the network.
  await expect.poll(() => page.evaluate(() => "__remixRouter" in window)).toBe(true);
  const next = await scriptEntries(page);
  const fetchedAgain = next.entries.filter((e) => warmed.includes(e.path) && e.transferSize > 0).map((e) => e.path);
  expect(next.entries.filter((e) => warmed.includes(e.path)).length).toBeGreaterThan(2);
  expect(fetchedAgain).toEqual([]);
  // And it works as a hydrated page: the code is checked without a page load.
  await page.getByLabel("One-time code").fill(await readCode(page.request, mobile));
  await page.getByRole("button", { name: "Verify and continue" }).click();
  await expect(page).toHaveURL(/\/checkout\/gst-details$/);
});

test("Change number on the hydrated code page opens the number's page as served, plain, with the number kept", async ({
  page,
}) => {
  const mobile = await atHydratedCodePage(page);
  await page.getByRole("link", { name: "Change number" }).click();
  await expect(page).toHaveURL(/\/checkout\/verify$/);
  expect(await isHydrated(page)).toBe(false);
  await expect(page.getByLabel("Mobile number")).toHaveValue(mobile);
});
