/**
 * The policy year's pages at 360 px, for docs/screenshots/ (committed): a refused census add, opened on
 * its error summary naming each person; a leaver's done page, refunded into the cash deposit with the
 * insurer; and the membership's statement of the year's changes. Run against a built server whose outbox
 * key the tests know:
 *   npm run build && SANDBOX_OUTBOX_KEY=outbox-key-for-tests-0123456789 PORT=3300 npm start &
 *   BASE_URL=http://127.0.0.1:3300 npx tsx scripts/year-screenshots.ts
 */
import { chromium } from "@playwright/test";
import { moveCartTo } from "../tests/support/cart";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium";
import { latestCode } from "../tests/support/codes";
import { nameTeamOverApi, payOverApi } from "../tests/support/membership";
import { signInOverApi } from "../tests/support/sign-in";

const base = process.env.BASE_URL ?? "http://127.0.0.1:3300";
const api = `${base}/api`;
const out = "docs/screenshots";

// A paid team of three, two named over the API: the census form still has a place to fill.
const admin = await signInOverApi(api);
await moveCartTo(api, admin.token, "payment", { employees: 3, people: [{ band: "36-45", range: "2A+2C", count: 3 }] });
await payOverApi(base, admin.token, "yearly");
await nameTeamOverApi(base, admin.token, [
  { employee_code: "E-1", full_name: "Asha Verma", date_of_birth: "1985-03-14" },
  { employee_code: "E-2", full_name: "Kabir Das", date_of_birth: "1984-07-02" },
]);

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const page = await (
  await browser.newContext({ baseURL: base, javaScriptEnabled: false, viewport: { width: 360, height: 740 } })
).newPage();
// The sandbox's notice is this machine's, not the product's.
const style = ".sandbox-notice { display: none !important; }";

// The admin signs in again in the browser; a number gets a new code 30 seconds after the last
// (docs/product.md, One-time code), and the API sign-in above sent one.
await new Promise((resolve) => setTimeout(resolve, 31_000));
await page.goto("/sign-in");
await page.getByLabel("Mobile number").fill(admin.mobile);
await page.getByRole("button", { name: "Send code" }).click();
await page.getByLabel("One-time code").fill(await latestCode(api, admin.mobile));
await page.getByRole("button", { name: /Verify|Sign in/ }).click();
await page.waitForURL(/\/membership$/);

// A refused add lands on its summary: what the admin sees, not the whole page.
await page.goto("/membership/members");
const add = page.getByRole("region", { name: "Add an employee" });
await add.getByLabel("Spouse’s full name").fill("Meena Kumar");
await add.getByRole("button", { name: "Add to the team" }).click();
await add.locator(".error-summary").waitFor();
await page.screenshot({ path: `${out}/census-form-refused-360.png`, style });

// The third employee named, then a leaver chosen from the list, priced and confirmed.
await nameTeamOverApi(base, admin.token, [
  { employee_code: "E-3", full_name: "Ravi Menon", date_of_birth: "1983-11-20" },
]);
await page.goto("/membership/members");
await page.getByRole("link", { name: "Remove Kabir Das" }).click();
const leaver = page.getByRole("region", { name: "Remove a leaver" });
await leaver.getByLabel("Last day").fill(new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10));
await leaver.getByLabel("Reason").fill("Resigned");
await leaver.getByRole("button", { name: "See the refund" }).click();
await page.getByRole("button", { name: "Confirm the removal" }).click();
await page.getByText(/^Nothing to pay:/).waitFor();
await page.screenshot({ path: `${out}/change-done-360.png`, fullPage: true, style });

await page.goto("/membership");
await page.getByRole("region", { name: "Changes during the year" }).screenshot({ path: `${out}/statement-360.png` });
await browser.close();
console.log(`${out}/census-form-refused-360.png, ${out}/change-done-360.png and ${out}/statement-360.png`);
