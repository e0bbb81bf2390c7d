/**
 * npm run bench:slow: the whole purchase in Chromium on a slow mobile connection emulated by the
 * DevTools protocol (400 kbit/s each way, 400 ms latency), with the browser's cache working as an
 * admin's does: with script off, with script on (the checkout hydrates; the first page on a cold
 * cache), and both again on a phone-speed CPU (4× slowdown). Typing is not timed; each row runs
 * from the click (or address) to the next page: "shown" when the page is there (the load event of
 * a document, or the new address of a client-side step), "interactive" when it answers the admin
 * (script off, and the first page, served plain: the same moment; script on: once Remix has
 * hydrated and is idle).
 *
 * Beside each row: the requests it made over the network, their bytes, its sequential requests
 * (the longest chain of requests each sent after the answer to the one before had arrived,
 * among those answered by "shown": the round trips the admin waited for) and the floor those allow
 * (sequential requests × latency + their bytes ÷ bandwidth). Before each press the walk lets the
 * page's preloads (and the first page's client, fetched after its load, decision 0053) finish, as an
 * admin's reading and typing would. Budgets (docs/performance-round-trips.md): a client-side step
 * waits for at most 1 sequential request, its post (decision 0035); the first page is usable with
 * script within 10% of the time it takes without, on the same CPU; the script-on walk totals at
 * least 25% less than the script-off walk on the same CPU.
 */
import os from "node:os";
import type { Page } from "@playwright/test";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium";
import { KB, SLOW_PURCHASE_MAX_S } from "./budgets";
import { startBuiltServer } from "./built-server";
import { recordRunAs } from "./record";
import { watchNetwork } from "./network-watch";
import { sequentialCount } from "./request-chain";
import { freshGstin, freshMobile } from "./signed-in-admin";
import { OUTBOX_HEADERS } from "../tests/support/outbox";

const KBIT = 1000 / 8;
const NETWORK = { offline: false, latency: 400, downloadThroughput: 400 * KBIT, uploadThroughput: 400 * KBIT };
const CPU_SLOWDOWN = 4;
/** A hydrated step waits for its own post, answered with the next page's data (decision 0035). */
const STEP_SEQUENTIAL_MAX = 1;
/** The first page is usable with script within this share above the time it takes without (decision 0053). */
const FIRST_PAGE_OVER_PLAIN_MAX = 0.1;
/** The script-on walk takes at most this share of the script-off walk's time. */
const SCRIPT_WALK_SHARE_MAX = 0.75;

interface StepTime {
  name: string;
  /** A client-side step of a hydrated page (script on, between two of our pages). */
  clientSide: boolean;
  shownMs: number;
  interactiveMs: number;
  requests: number;
  bytes: number;
  sequential: number;
  floorMs: number;
}

interface Walk {
  title: string;
  script: boolean;
  cpu: number;
  steps: StepTime[];
}

recordRunAs("slow", "npm run bench:slow");
// The walks share the machine's cores with whatever else runs; the figures move with its load.
const loadBefore = os.loadavg()[0].toFixed(2);
// Its own address as its public origin: the payment callback returns to the origin the browser
// bought on, so its cache serves that page too, and nothing has to be routed (routing switches
// Chromium's cache off).
const server = await startBuiltServer({ ownOrigin: true });
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});

async function walk(title: string, javaScriptEnabled: boolean, cpu: number): Promise<Walk> {
  const steps: StepTime[] = [];
  const context = await browser.newContext({ baseURL: server.origin, javaScriptEnabled });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", NETWORK);
  if (cpu > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
  const network = watchNetwork(cdp);

  /** Remix has hydrated the page and has nothing under way (script on, on our own pages). */
  const idle = () =>
    page.waitForFunction(
      () => {
        const router = (
          window as unknown as { __remixRouter?: { state: { initialized: boolean; navigation: { state: string } } } }
        ).__remixRouter;
        return router?.state.initialized === true && router.state.navigation.state === "idle";
      },
      undefined,
      { polling: 20, timeout: 60_000 },
    );

  /**
   * Every script the page preloads (its own and the next page's) is in: an admin reading the page
   * and typing takes longer than that, and the steps are timed from the press, not the typing.
   */
  const preloaded = () =>
    page.waitForFunction(
      () =>
        // The first page's client is listed in a template until its load event adds the links.
        !(document.getElementById("warm-client") as HTMLTemplateElement | null)?.content.childElementCount &&
        [...document.querySelectorAll<HTMLLinkElement>("link[rel=modulepreload], link[rel=prefetch]")].every(
          (link) => performance.getEntriesByName(link.href).length > 0,
        ),
      undefined,
      { polling: 20, timeout: 60_000 },
    );

  /** Times one step: `go` starts it; shown at a page matching `to`, interactive as described above. */
  async function step(name: string, to: RegExp, go: (page: Page) => Promise<unknown>, clientSide = false) {
    if (javaScriptEnabled) await preloaded();
    network.take();
    const started = performance.now();
    await go(page);
    // A client-side step is shown at its new address; a document at its load event.
    await page.waitForURL(to, { waitUntil: javaScriptEnabled && clientSide ? "commit" : "load" });
    const shown = performance.now();
    const ours = !/\/api\/sandbox\//.test(page.url());
    // A page of ours that hydrates preloads Remix's client; the first page, served plain, does not.
    const hydrates = await page.evaluate(() => document.querySelector("link[rel=modulepreload]") !== null);
    if (javaScriptEnabled && ours && hydrates) await idle();
    const interactive = performance.now();
    await network.settled(shown);
    const requests = network.take();
    const bytes = requests.reduce((sum, r) => sum + r.bytes, 0);
    // What the admin waited for: requests sent from the press on (not one the page before still
    // had under way, such as its icon) and answered before the page was shown (the next page's
    // preloads, sent as it renders, are not).
    const waitedFor = requests.filter((r) => r.start >= started && r.end <= shown);
    const sequential = sequentialCount(waitedFor);
    const waitedForBytes = waitedFor.reduce((sum, r) => sum + r.bytes, 0);
    steps.push({
      name,
      clientSide: javaScriptEnabled && clientSide,
      shownMs: shown - started,
      interactiveMs: interactive - started,
      requests: requests.length,
      bytes,
      sequential,
      floorMs: sequential * NETWORK.latency + (waitedForBytes / NETWORK.downloadThroughput) * 1000,
    });
  }
  const click = (name: string | RegExp) => (p: Page) => p.getByRole("button", { name }).click();

  const mobile = freshMobile();
  await step("open /checkout/verify (cold cache)", /\/checkout\/verify$/, (p) => p.goto("/checkout/verify"));
  await page.getByLabel("Mobile number").fill(mobile);
  // The first page is served plain (decision 0053): its post loads the code page as a document.
  await step("send code → verify-otp", /\/checkout\/verify-otp$/, click("Send code"));
  // The code is read beside the browser, off the throttled connection: a person reads an SMS.
  const sms = (await (
    await page.request.get(`/api/sandbox/sms?mobile_no=${mobile}`, { headers: OUTBOX_HEADERS })
  ).json()) as {
    data: Array<{ text: string }>;
  };
  await page.getByLabel("One-time code").fill(sms.data[0].text.match(/\b(\d{4,6})\b/)![1]);
  await step("verify code → gst-details", /\/checkout\/gst-details$/, click("Verify and continue"), true);
  await page.getByLabel("GSTIN").fill(freshGstin());
  await step("GSTIN → is this your company?", /\/checkout\/gst-details\?confirm=/, click(/Verify/), true);
  await step("confirm → company-details", /\/checkout\/company-details$/, click("Yes, this is my company"), true);
  await page.getByLabel(/I am authorised to buy this cover/).check();
  await page.getByLabel("Your full name").fill("Asha Rao");
  await page.getByLabel("Work email").fill("asha@fernleaf.example");
  await page.getByLabel(/Total employees/).fill("12");
  await step("details → plan-select", /\/checkout\/plan-select$/, click("Continue to plans"), true);
  await step("plan → add-people", /\/checkout\/add-people$/, click(/^Continue$/), true);
  await page.getByLabel("18–35 years, 1A", { exact: true }).fill("8");
  await step("people → checkout (review)", /\/checkout\/checkout$/, click("Continue to review"), true);
  await page.getByRole("radio", { name: /Yearly/ }).check();
  await step("review → payment", /\/checkout\/payment$/, click("Proceed to payment"), true);
  await step("pay → hosted payment page", /\/api\/sandbox\/checkout\//, click(/^Pay ₹/));
  await step("success → payment successful", /\/teamsure\/verify-payment\?order_id=/, click(/Success/));
  if (!(await page.getByRole("heading", { name: "Payment successful" }).isVisible()))
    throw new Error("the purchase did not end paid");
  await context.close();
  return { title, script: javaScriptEnabled, cpu, steps };
}

const walks: Walk[] = [];
try {
  walks.push(await walk("Script off", false, 1));
  walks.push(await walk("Script on (the checkout hydrates from its second page; first page on a cold cache)", true, 1));
  walks.push(await walk(`Script off, ${CPU_SLOWDOWN}× CPU slowdown`, false, CPU_SLOWDOWN));
  walks.push(await walk(`Script on, ${CPU_SLOWDOWN}× CPU slowdown`, true, CPU_SLOWDOWN));
} finally {
  await browser.close();
  await server.stop();
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const totalOf = (w: Walk) => w.steps.reduce((sum, s) => sum + s.interactiveMs, 0);
const verdict = (met: boolean) => (met ? "met" : "MISSED");

console.log(
  `${NETWORK.downloadThroughput / KBIT} kbit/s down and up, ${NETWORK.latency} ms latency (Chromium DevTools emulation), browser cache on; load average ${loadBefore} before, ${os.loadavg()[0].toFixed(2)} after (${os.cpus().length} cores)`,
);
for (const w of walks) {
  const width = Math.max(...w.steps.map((s) => s.name.length));
  console.log(`\n${w.title}\n`);
  console.log(
    `${"step".padEnd(width)}  shown s  interactive s  requests  KB received  sequential  floor s  shown ÷ floor`,
  );
  for (const s of w.steps) {
    console.log(
      [
        s.name.padEnd(width),
        seconds(s.shownMs).padStart(7),
        seconds(s.interactiveMs).padStart(13),
        String(s.requests).padStart(8),
        (s.bytes / KB).toFixed(1).padStart(11),
        `${s.sequential}${s.clientSide && s.sequential > STEP_SEQUENTIAL_MAX ? " !" : ""}`.padStart(10),
        seconds(s.floorMs).padStart(7),
        (s.shownMs / s.floorMs).toFixed(2).padStart(13),
      ].join("  "),
    );
  }
  console.log(`${"total".padEnd(width)}  ${"".padStart(7)}  ${seconds(totalOf(w)).padStart(13)}`);
}

console.log("\nBudgets (reported, not asserted; the e2e suite asserts the round trips):");
for (const w of walks.filter((w) => w.script)) {
  const over = w.steps.filter((s) => s.clientSide && s.sequential > STEP_SEQUENTIAL_MAX);
  console.log(
    `- ${w.title}: every client-side step ≤ ${STEP_SEQUENTIAL_MAX} sequential requests: ${verdict(over.length === 0)}${over.length ? ` (${over.map((s) => `${s.name}: ${s.sequential}`).join(", ")})` : ""}`,
  );
  const off = walks.find((o) => !o.script && o.cpu === w.cpu)!;
  const [first, plain] = [w.steps[0], off.steps[0]];
  console.log(
    `- ${w.title}: first page usable within ${FIRST_PAGE_OVER_PLAIN_MAX * 100}% of script off: ${verdict(first.interactiveMs <= plain.interactiveMs * (1 + FIRST_PAGE_OVER_PLAIN_MAX))} (${seconds(first.interactiveMs)} s against ${seconds(plain.interactiveMs)} s, ${(first.interactiveMs / plain.interactiveMs).toFixed(2)} ×)`,
  );
  console.log(
    `- ${w.title}: walk at least ${(1 - SCRIPT_WALK_SHARE_MAX) * 100}% faster than script off on the same CPU: ${verdict(totalOf(w) <= totalOf(off) * SCRIPT_WALK_SHARE_MAX)} (${seconds(totalOf(w))} s against ${seconds(totalOf(off))} s, ${(totalOf(w) / totalOf(off)).toFixed(2)} ×)`,
  );
}
for (const w of walks.filter((w) => w.cpu === 1)) {
  console.log(
    `- ${w.title}: under ${SLOW_PURCHASE_MAX_S} s until interactive, summed: ${verdict(totalOf(w) / 1000 < SLOW_PURCHASE_MAX_S)}`,
  );
}
