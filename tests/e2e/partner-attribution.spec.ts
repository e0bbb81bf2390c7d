import fs from "node:fs";
import path from "node:path";
import { type Page, expect, test } from "@playwright/test";
import { PARTNER_LANDINGS } from "~/content/partner-landings";
import { latestCode } from "../support/client";
import { type FakeUpstream, startFakeUpstream } from "../support/fake-upstream";
import { type RunningServer, startServer } from "../support/server";
import { FERNLEAF, enterCompanyDetails, enterGstin, freshMobile } from "./helpers";

/**
 * docs/product.md, Partner pages and Query handling: a visit through a finance partner's landing page
 * ends in a plan request with source Godrej and events with `channel_partner`; the fourth partner's
 * page carries neither. The `mid` and `identifier` of the partner's link reach the plan request.
 * The app runs against a fake upstream here, to see the plan request itself. Spec rows 3.11 (the
 * partner kept with the lead: `from`, `mid`, `identifier`) and 7.24 (`channel_partner` on the events
 * forwarded, HubSpot among them) in decision 0020.
 */

let upstream: FakeUpstream;
let server: RunningServer;

test.beforeAll(async () => {
  upstream = await startFakeUpstream({ slowMs: 0 });
  server = await startServer({ env: { API_BASE_URL: upstream.baseUrl } });
});
test.afterAll(async () => {
  await server.stop();
  await upstream.close();
});

interface Recorded {
  kind: string;
  name?: string;
  identity?: string;
  channel_partner?: string;
}

function events(identity: string): Recorded[] {
  const file = path.join(server.dataDir, "events.ndjson");
  if (!fs.existsSync(file)) return [];
  const lines = fs.readFileSync(file, "utf8").trim().split("\n").filter(Boolean);
  return lines.map((line) => JSON.parse(line) as Recorded).filter((r) => r.kind === "event" && r.identity === identity);
}

/** From the partner page's purchase button to the plan step; returns the number signed in with. */
async function checkoutFrom(page: Page, key: string, query: string): Promise<string> {
  await page.goto(`${server.url}/partners/${key}${query}`);
  await page
    .getByRole("banner")
    .getByRole("link", { name: /Buy Now|Purchase now/ })
    .click();
  await expect(page).toHaveURL(/\/checkout\/verify/);
  const mobile = freshMobile();
  await page.getByLabel("Mobile number").fill(mobile);
  await page.getByRole("button", { name: "Send code" }).click();
  // With script the step changes in place: the code is sent once the next step shows.
  await expect(page).toHaveURL(/\/checkout\/verify-otp$/);
  await page.getByLabel("One-time code").fill(await latestCode(upstream.baseUrl, mobile));
  await page.getByRole("button", { name: "Verify and continue" }).click();
  await enterGstin(page, FERNLEAF);
  await enterCompanyDetails(page);
  await expect(page).toHaveURL(/\/checkout\/plan-select$/);
  await expect(page.getByRole("heading", { name: "Choose your plan" })).toBeVisible();
  return mobile;
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    // Every landing page without script; with script, one finance partner and the other partner.
    const landings = javaScriptEnabled
      ? PARTNER_LANDINGS.filter((p) => p.key === "godrej" || !p.domain)
      : PARTNER_LANDINGS;
    for (const landing of landings) {
      const attributed = Boolean(landing.domain);
      test(`${landing.name}'s page ${attributed ? "carries" : "does not carry"} the partner source to the plan request and the events`, async ({
        page,
      }) => {
        // Unique per test: plan answers are shared between admins for a minute, keyed on the request.
        const mid = `m-${landing.key}-${Date.now()}`;
        const before = upstream.planRequests.length;
        const mobile = await checkoutFrom(page, landing.key, `?mid=${mid}&identifier=ref.42`);

        const requests = upstream.planRequests.slice(before);
        expect(requests.length).toBeGreaterThan(0);
        for (const body of requests) {
          expect(body.source ?? null).toBe(attributed ? "Godrej" : null);
          expect(body).toMatchObject({ mid, identifier: "ref.42" });
        }
        // The source changes no price, so the page claims no partner pricing.
        await expect(page.getByText(/Partner pricing/)).toHaveCount(0);
        await expect
          .poll(() => events(mobile).map((r) => r.name))
          .toEqual(["purchase_account_details_proceed", "purchase_company_details_proceed"]);
        expect(events(mobile).map((r) => r.channel_partner ?? null)).toEqual(
          attributed ? ["Godrej", "Godrej"] : [null, null],
        );
      });
    }
  });
}

test("without mid or identifier in the link, the plan request carries none", async ({ page }) => {
  const before = upstream.planRequests.length;
  await checkoutFrom(page, "godrej-finance", "");
  const requests = upstream.planRequests.slice(before);
  expect(requests.length).toBeGreaterThan(0);
  for (const body of requests) {
    expect(body.source).toBe("Godrej");
    expect(body).not.toHaveProperty("mid");
    expect(body).not.toHaveProperty("identifier");
  }
});

test("a mid or identifier that is not a plain reference is left out", async ({ page }) => {
  const before = upstream.planRequests.length;
  await checkoutFrom(page, "workbay", `?mid=${encodeURIComponent("<script>")}&identifier=${"x".repeat(101)}`);
  const requests = upstream.planRequests.slice(before);
  expect(requests.length).toBeGreaterThan(0);
  for (const body of requests) {
    expect(body).not.toHaveProperty("mid");
    expect(body).not.toHaveProperty("identifier");
  }
});
