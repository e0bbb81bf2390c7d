import { freshGstin, sampleCompanyName } from "../support/cart";
import { payAndNameTeam } from "../support/membership";
import { expect, ORIGIN, test } from "./fixtures";

/**
 * A GSTIN holds one membership, and a second buyer asks its owner to add them (docs/product.md, One
 * membership per company and More than one admin), through the pages, with script off and on.
 */
for (const javaScriptEnabled of [false, true]) {
  test.describe(`one membership per company, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    // A purchase, a census and three people's pages in one test.
    test.slow();

    test("a second buyer is stopped at the GSTIN step, asks, and the owner accepts them as HR", async ({
      page,
      browser,
      adminAt,
    }) => {
      const gstin = freshGstin();
      const company = sampleCompanyName(gstin);
      const ownerContext = await browser.newContext({ javaScriptEnabled });
      const owner = await adminAt("payment", { gstin, context: ownerContext });
      await payAndNameTeam(ORIGIN, owner.token, ["E-1", "E-2"]);
      const masked = `${owner.mobile.slice(0, 2)}••••••${owner.mobile.slice(-2)}`;

      // The second buyer types the company's GSTIN.
      await adminAt("gst");
      await page.goto("/checkout/gst-details");
      await page.getByLabel("GSTIN").fill(gstin);
      await page.getByRole("button", { name: /Verify/ }).click();
      const taken = page.getByTestId("membership-taken");
      await expect(
        taken.getByRole("heading", {
          name: `${company} already has a Kavach membership; its admin, ${masked}, can add you.`,
        }),
      ).toBeVisible();
      await taken.getByLabel("Your name").fill("Ravi Kumar");
      await taken.getByRole("button", { name: "Ask the admin to add you" }).click();
      await expect(taken.getByText(`We have asked the admin, ${masked}, to add you.`)).toBeVisible();

      // The owner sees the request on the membership and accepts it as HR.
      const ownerPage = await ownerContext.newPage();
      await ownerPage.goto("/membership");
      await ownerPage.getByRole("link", { name: "Your team and access requests" }).click();
      const request = ownerPage.getByTestId("access-request");
      await expect(request).toContainText("Ravi Kumar");
      await request.getByLabel("Role for Ravi Kumar").selectOption("hr");
      await request.getByRole("button", { name: "Accept Ravi Kumar" }).click();
      await expect(ownerPage.getByRole("row", { name: /Ravi Kumar .* HR Active/ })).toBeVisible();
      await ownerContext.close();

      // The buyer now lands on the company's membership, as HR.
      await page.goto("/membership");
      await expect(page.getByRole("heading", { name: company, level: 1 })).toBeVisible();
      await expect(page.getByTestId("your-role")).toHaveText(/You: Ravi Kumar, HR\./);
      // HR does not manage the team: the page says so, with no controls.
      await page.goto("/membership/team");
      await expect(page.getByText("Only the membership’s owner manages its team.")).toBeVisible();
      await expect(page.getByRole("button", { name: "Send the invitation" })).toHaveCount(0);
    });
  });
}
