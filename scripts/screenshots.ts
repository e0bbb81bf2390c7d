/**
 * Screenshots of every checkout step at 360 px and 1280 px, for a person to look at:
 *   npm run build && PORT=3300 npm start &  BASE_URL=http://127.0.0.1:3300 npm run screenshots
 * It buys for Fernleaf, which holds one membership per database (docs/product.md, One membership per
 * company): run it on a server with a fresh DATA_DIR.
 * It reads the code from the sandbox outbox with the server's outbox key: SANDBOX_OUTBOX_KEY, else the
 * development server's own (sandbox-outbox-key in its DATA_DIR, by default data/).
 * Files land in screenshots/ (not committed). The same walk also writes the /app page's
 * pictures (APP_SHOTS: a phone-sized view of three of the product's own pages, as WebP) to
 * public/images/app/, which are committed: the page shows the product as it is, never mock art.
 * With them it writes scripts/app-shots.manifest.json: the hash of each shown page's sources (scripts/app-shot-sources.ts),
 * which tests/unit/app-screenshots.test.ts checks so the pictures cannot fall behind the pages.
 */
import fs from "node:fs";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium";
import { APP_SHOT_MANIFEST, currentManifest } from "./app-shot-sources";

const base = process.env.BASE_URL ?? "http://127.0.0.1:3000";
const outboxKey =
  process.env.SANDBOX_OUTBOX_KEY ??
  fs.readFileSync(`${process.env.DATA_DIR ?? "data"}/sandbox-outbox-key`, "utf8").trim();
const out = "screenshots";
const widths = [360, 1280];
fs.mkdirSync(out, { recursive: true });
/** The /app page's pictures: name, and the phone-sized view written for it (app/content/mobile-app.ts). */
const appOut = "public/images/app";
const PHONE = { width: 360, height: 740 };
fs.mkdirSync(appOut, { recursive: true });

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});
const context = await browser.newContext({ baseURL: base, javaScriptEnabled: false });
const page = await context.newPage();
// The pages are shot as a visitor without script sees them; the encoder needs script.
const encoder = await (await browser.newContext()).newPage();

async function shoot(name: string) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: true });
  }
}

/**
 * What a phone shows of the page (the top PHONE.height pixels at PHONE.width), as WebP: Chromium
 * encodes it from a canvas, so no image library is needed.
 */
async function shootForAppPage(name: string, scrollTo?: string) {
  await page.setViewportSize(PHONE);
  if (scrollTo) await page.locator(scrollTo).first().scrollIntoViewIfNeeded();
  // The sandbox's notice is this machine's, not the product's: left out of the pictures.
  const png = await page.screenshot({ type: "png", style: ".sandbox-notice { display: none !important; }" });
  const webp = await encoder.evaluate(
    async (dataUrl) => {
      const image = new Image();
      image.src = dataUrl;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      canvas.getContext("2d")!.drawImage(image, 0, 0);
      return canvas.toDataURL("image/webp", 0.72);
    },
    `data:image/png;base64,${png.toString("base64")}`,
  );
  fs.writeFileSync(`${appOut}/${name}.webp`, Buffer.from(webp.split(",")[1]!, "base64"));
}

const mobile = `9${String(Date.now()).slice(-9)}`;
await page.goto("/checkout/verify");
await shoot("01-verify");
await page.getByLabel("Mobile number").fill(mobile);
await page.getByRole("button", { name: "Send code" }).click();
await shoot("02-verify-otp");
const sms = (await (
  await page.request.get(`/api/sandbox/sms?mobile_no=${mobile}`, {
    headers: { "x-sandbox-outbox-key": outboxKey },
  })
).json()) as {
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
await page.getByLabel(/I am authorised to buy this cover/).check();
await page.getByLabel("Your full name").fill("Asha Rao");
await page.getByLabel("Work email").fill("asha@fernleaf.example");
await page.getByLabel(/Total employees/).fill("12");
await page.getByRole("button", { name: "Continue to plans" }).click();
await shoot("05-plan-select");
await shootForAppPage("plan-select");
await page.getByRole("button", { name: "Continue", exact: true }).click();
await page.getByLabel("18–35 years, 1A", { exact: true }).fill("8");
await page.getByLabel("36–45 years, 2A+2C", { exact: true }).fill("4");
await page.getByRole("button", { name: "Recalculate" }).click();
await shoot("06-add-people");
await page.getByRole("button", { name: "Continue to review" }).click();
await shoot("07-checkout");
await shootForAppPage("review", "h1");
await page.getByRole("button", { name: "Proceed to payment" }).click();
await shoot("08-payment");
await page.goto("/checkout/summary");
await shoot("09-summary");
await page.goto("/checkout/payment");
await page.getByRole("button", { name: /^Pay ₹/ }).click();
await shoot("10-sandbox");
await page.getByRole("button", { name: /Success/ }).click();
await shoot("11-success");
await page.goto("/membership");
await shoot("12-membership");
await shootForAppPage("membership");
await browser.close();
fs.writeFileSync(APP_SHOT_MANIFEST, `${JSON.stringify(currentManifest(), null, 2)}\n`);
console.log(`screenshots in ${out}/, the /app page's in ${appOut}/`);
