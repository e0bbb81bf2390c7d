/**
 * The claims pages at 360 px, for docs/screenshots/ (committed): a hospital search by PIN code and a
 * reimbursement's status, settled in part. Run against a built server whose sandbox settles at once and
 * whose outbox key the tests know:
 *   npm run build && SANDBOX_TEST_CLOCK=1 SANDBOX_OUTBOX_KEY=outbox-key-for-tests-0123456789 PORT=3300 npm start &
 *   BASE_URL=http://127.0.0.1:3300 npx tsx scripts/claims-screenshots.ts
 */
import { chromium } from "@playwright/test";
import { callApi, moveCartTo } from "../tests/support/cart";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium";
import { latestCode } from "../tests/support/codes";
import { payOverApi } from "../tests/support/membership";
import { freshMobile } from "../tests/support/mobiles";
import { signInOverApi } from "../tests/support/sign-in";

const base = process.env.BASE_URL ?? "http://127.0.0.1:3300";
const api = `${base}/api`;
const out = "docs/screenshots";

// A paid team of two, each named (the policy is issued once everyone bought is): Meera Nair has a number of her own.
const admin = await signInOverApi(api);
await moveCartTo(api, admin.token, "payment", { employees: 2, people: [{ band: "18-35", range: "1A", count: 2 }] });
await payOverApi(base, admin.token, "yearly");
const mobile = freshMobile();
for (const [code, name, number] of [
  ["E-1", "Meera Nair", mobile],
  ["E-2", "Asha Iyer", freshMobile()],
] as const) {
  await callApi(api, admin.token, "/membership/census/members", {
    rows: [
      {
        employee_code: code,
        full_name: name,
        gender: "female",
        date_of_birth: "1995-01-01",
        relationship: "self",
        mobile: number,
        email: `${code.toLowerCase()}.${number}@fernleaf.example`,
        date_of_joining: "2024-06-01",
      },
    ],
  });
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const page = await (
  await browser.newContext({ baseURL: base, javaScriptEnabled: false, viewport: { width: 360, height: 740 } })
).newPage();
// The sandbox's notice is this machine's, not the product's.
const style = ".sandbox-notice { display: none !important; }";

await page.goto("/hospitals?place=560034&cashless=1");
await page.screenshot({ path: `${out}/hospital-search-360.png`, fullPage: true, style });

await page.goto("/cover/sign-in");
await page.getByLabel("Your mobile number").fill(mobile);
await page.getByRole("button", { name: "Send code" }).click();
await page.getByLabel("One-time code").fill(await latestCode(api, mobile));
await page.getByRole("button", { name: "Sign in" }).click();
const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
await page.goto("/cover/claims/reimbursement");
await page.getByLabel("Hospital or clinic").fill("Shree Clinic, Hubballi");
await page.getByLabel("First day of treatment").fill(today);
await page.getByLabel("Last day of treatment").fill(today);
await page.getByLabel("What it was for, in your words").fill("Fever and dehydration, admitted for fluids");
await page.getByLabel("Amount of the bill (₹)").fill("40000");
await page
  .getByLabel(/Bills, discharge summary/)
  .setInputFiles([{ name: "bill.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") }]);
await page.getByRole("button", { name: "Send the claim" }).click();
await page.waitForURL(/\/cover\/claims\/CL-/);
await page.screenshot({ path: `${out}/claim-status-360.png`, fullPage: true, style });
await browser.close();
console.log(`${out}/hospital-search-360.png and ${out}/claim-status-360.png`);
