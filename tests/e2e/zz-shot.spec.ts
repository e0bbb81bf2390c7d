import { expect, test } from "@playwright/test";
import { addPeople, choosePlan, enterCompanyDetails, enterGstin, FERNLEAF, pay, review, signIn } from "./helpers";
test.use({ javaScriptEnabled: false });
test("screens", async ({ page }) => {
  await signIn(page);
  await enterGstin(page, FERNLEAF);
  await enterCompanyDetails(page);
  await choosePlan(page);
  await addPeople(page);
  await review(page, "Monthly");
  await pay(page);
  await page.getByRole("button", { name: /— Success$/ }).click();
  await expect(page).toHaveURL(/verify-payment/);
  await page.setViewportSize({ width: 360, height: 800 });
  for (const path of ["/membership", "/about-us", "/checkout/verify"]) {
    await page.goto(path);
    const info = await page.evaluate(() => {
      const out: string[] = [String(document.documentElement.scrollWidth)];
      for (const el of Array.from(document.querySelectorAll("body *"))) {
        const r = el.getBoundingClientRect();
        if (r.right > 360.5 && !el.parentElement?.closest(".table-scroll")) out.push(`${el.tagName}.${el.className} ${Math.round(r.right)}`);
      }
      return out.slice(0, 15);
    });
    console.log(path, info.join(" | "));
  }
  await page.goto("/membership");
  const h = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0, i = 0; y < h; y += 800, i++) await page.screenshot({ path: `/tmp/ap-m360-${i}.png`, fullPage: true, clip: { x: 0, y, width: 360, height: Math.min(800, h - y) } });
});
