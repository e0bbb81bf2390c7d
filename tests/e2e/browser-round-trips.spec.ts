import type { BrowserContext, Page } from "@playwright/test";
import { watchNetwork } from "../../bench/network-watch";
import { sequentialCount } from "../../bench/request-chain";
import { expect, test } from "./fixtures";
import { latestCode } from "../support/codes";
import { startServer } from "../support/server";
import { FERNLEAF, freshMobile, readCode } from "./helpers";

/**
 * A hydrated step waits for one request: its own post, answered with the next page's data
 * (decision 0035; two in a row, the post and then the data, was decision 0024's). The next page's
 * route, module and shared chunks are in the browser before the press. The walk keeps the browser cache working (no request routing, which would switch it off)
 * and gives every request a round trip's latency through the DevTools protocol, so requests sent
 * together overlap as they do on a phone and only those sent after an answer count in a row.
 */
test.use({ javaScriptEnabled: true });

const LATENCY_MS = 300;
const STEP_SEQUENTIAL_MAX = 1;

interface Counted {
  step: string;
  sequential: number;
  requests: string[];
}

/**
 * Every request given a round trip's latency, and `step`: what one press waits for, counted as the
 * longest chain of requests sent from the press and answered by the time the next page shows.
 */
async function roundTripMeter(page: Page, context: BrowserContext) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: LATENCY_MS,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const network = watchNetwork(cdp);
  // A client-side step is shown when its address changes. Stamped as this session's event arrives,
  // in the order the browser sent it: after the answers the page waited for, before the next
  // page's preloads are sent, however late this process gets to it.
  await cdp.send("Page.enable");
  const addressChanges: Array<{ url: string; at: number }> = [];
  cdp.on("Page.navigatedWithinDocument", (event) => addressChanges.push({ url: event.url, at: performance.now() }));
  const counted: Counted[] = [];

  /** Hydrated, and every script the page preloads (its own and the next page's) is in. */
  const ready = async () => {
    await page.waitForFunction(() => {
      const router = (window as unknown as { __remixRouter?: { state: { navigation: { state: string } } } })
        .__remixRouter;
      const preloads = [...document.querySelectorAll<HTMLLinkElement>("link[rel=modulepreload]")];
      return (
        router?.state.navigation.state === "idle" &&
        preloads.every((link) => performance.getEntriesByName(link.href).length > 0)
      );
    });
    await network.settled(performance.now());
  };

  /** The requests sent from the press on and answered by the time the next page shows, and their longest chain. */
  async function step(name: string, to: RegExp, press: (page: Page) => Promise<unknown>) {
    await ready();
    network.take();
    const pressed = performance.now();
    await press(page);
    await page.waitForURL(to, { waitUntil: "commit" });
    const changed = () => addressChanges.filter((change) => change.at >= pressed && to.test(change.url));
    await expect.poll(() => changed().length).toBeGreaterThan(0);
    const shown = changed()[0].at;
    await network.settled(shown);
    const waitedFor = network.take().filter((r) => r.start >= pressed && r.end <= shown);
    counted.push({
      step: name,
      sequential: sequentialCount(waitedFor),
      requests: waitedFor.map((r) => new URL(r.url).pathname),
    });
  }
  return { step, counted };
}

const press = (name: string | RegExp) => (p: Page) => p.getByRole("button", { name, exact: true }).click();

test("every hydrated checkout step waits for one request, its post, with a working cache", async ({
  page,
  context,
}) => {
  test.slow();
  const { step, counted } = await roundTripMeter(page, context);
  const mobile = freshMobile();
  // The first page is served plain (decision 0053): its post is a document's, as without script,
  // and the code page is the first that hydrates.
  await page.goto("/checkout/verify");
  await page.getByLabel("Mobile number").fill(mobile);
  await press("Send code")(page);
  await page.waitForURL(/\/checkout\/verify-otp$/);
  await page.getByLabel("One-time code").fill(await readCode(page.request, mobile));
  await step("verify code → gst-details", /\/checkout\/gst-details$/, press("Verify and continue"));
  await page.getByLabel("GSTIN").fill(FERNLEAF);
  await step("GSTIN → is this your company?", /\/checkout\/gst-details\?confirm=/, press(/Verify/));
  await step("confirm → company-details", /\/checkout\/company-details$/, press("Yes, this is my company"));
  await page.getByLabel("Your full name").fill("Asha Rao");
  await page.getByLabel("Work email").fill("asha.rao@fernleaf.example");
  await page.getByLabel(/Total employees/).fill("12");
  await page.getByLabel(/I am authorised to buy this cover/).check();
  await step("details → plan-select", /\/checkout\/plan-select$/, press("Continue to plans"));
  await step("plan → add-people", /\/checkout\/add-people$/, press("Continue"));
  await page.getByLabel("18–35 years, 1A", { exact: true }).fill("8");
  await step("people → review", /\/checkout\/checkout$/, press("Continue to review"));
  await page.getByRole("radio", { name: /Yearly/ }).check();
  await step("review → payment", /\/checkout\/payment$/, press("Proceed to payment"));
  await expect(page.getByRole("button", { name: /^Pay ₹/ })).toBeVisible();

  // Each step did go over the network (its post at least), so a count of 0 is not a pass by absence.
  expect(counted.filter((s) => s.sequential === 0)).toEqual([]);
  expect(counted.filter((s) => s.sequential > STEP_SEQUENTIAL_MAX)).toEqual([]);
});

/**
 * ONE_TRIP=off (decision 0045), for a Remix upgrade: the server answers the post alone, the page's
 * wrapper hands Remix that answer as it came, and Remix asks for the next page's data itself. Each
 * step then waits for two requests in a row, and the walk still works.
 */
test("with ONE_TRIP=off each hydrated step waits for two requests, its post and the next page's data", async ({
  page,
  context,
}) => {
  test.slow();
  const server = await startServer({ env: { ONE_TRIP: "off" } });
  try {
    const { step, counted } = await roundTripMeter(page, context);
    const mobile = freshMobile();
    await page.goto(`${server.url}/checkout/verify`);
    await page.getByLabel("Mobile number").fill(mobile);
    await press("Send code")(page);
    await page.waitForURL(/\/checkout\/verify-otp$/);
    await page.getByLabel("One-time code").fill(await latestCode(`${server.url}/api`, mobile));
    await step("verify code → gst-details", /\/checkout\/gst-details$/, press("Verify and continue"));
    await page.getByLabel("GSTIN").fill(FERNLEAF);
    await step("GSTIN → is this your company?", /\/checkout\/gst-details\?confirm=/, press(/Verify/));
    await step("confirm → company-details", /\/checkout\/company-details$/, press("Yes, this is my company"));
    await expect(page.getByLabel("Your full name")).toBeVisible();

    expect(counted.map((s) => [s.step, s.sequential])).toEqual(counted.map((s) => [s.step, 2]));
    // The second of the two is the next page's data, asked for by Remix itself.
    for (const s of counted) expect(s.requests.filter((path) => path.endsWith(".data")).length).toBe(2);
  } finally {
    await server.stop();
  }
});
