/**
 * Screenshots of every checkout step at 360 px and 1280 px, for a person to look at:
 *   npm run build && PORT=3300 npm start &  BASE_URL=http://127.0.0.1:3300 npm run screenshots
 * Files land in screenshots/ (not committed).
 */
import fs from "node:fs";
import { chromium } from "@playwright/test";

const base = process.env.BASE_URL ?? "http://127.0.0.1:3000";
const out = "screenshots";
const widths = [360, 1280];
fs.mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
const context = await browser.newContext({ baseURL: base, javaScriptEnabled: false });
const page = await context.newPage();

async function shoot(name: string) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: true });
  }
}

const mobile = `9${String(Date.now()).slice(-9)}`;
await page.goto("/checkout/verify");
await shoot("01-verify");
await page.getByLabel("Mobile number").fill(mobile);
await page.getByRole("button", { name: "Send code" }).click();
await shoot("02-verify-otp");
const sms = (await (await page.request.get(`/api/sandbox/sms?mobile_no=${mobile}`)).json()) as {
  data: Array<{ text: string }>;
};
await page.getByLabel("One-time code").fill(sms.data[0].text.match(/\d{4}/)![0]);
await page.getByRole("button", { name: "Verify and continue" }).click();
await page.goto("/checkout/gst-details?q=pri");
await shoot("03-gst-details");
await page.getByLabel("GSTIN").fill("29AAKCF2931M1Z6");
await page.getByRole("button", { name: /Verify/ }).click();
await page.getByRole("button", { name: "Yes, this is my company" }).click();
await shoot("04-company-details");
await page.getByLabel("Your full name").fill("Asha Rao");
await page.getByLabel("Work email").fill("asha@fernleaf.example");
await page.getByLabel(/Total employees/).fill("12");
await page.getByRole("button", { name: "Continue to plans" }).click();
await shoot("05-plan-select");
await page.getByRole("button", { name: "Continue", exact: true }).click();
await page.getByLabel("18–35 years, 1A", { exact: true }).fill("8");
await page.getByLabel("36–45 years, 2A+2C", { exact: true }).fill("4");
await page.getByRole("button", { name: "Recalculate" }).click();
await shoot("06-add-people");
await page.getByRole("button", { name: "Continue to review" }).click();
await shoot("07-checkout");
await page.getByRole("button", { name: "Proceed to payment" }).click();
await shoot("08-payment");
await page.goto("/checkout/summary");
await shoot("09-summary");
await page.goto("/checkout/payment");
await page.getByRole("button", { name: "Pay securely" }).click();
await shoot("10-sandbox");
await page.getByRole("button", { name: /Success/ }).click();
await shoot("11-success");
await browser.close();
console.log(`screenshots in ${out}/`);
