import type { Locator } from "@playwright/test";
import { API, ORIGIN, expect, test } from "./fixtures";
import { membershipOrderId, nameTeamOverApi, payOverApi } from "../support/membership";
import { OUTBOX_HEADERS } from "../support/outbox";
import { passMembershipDays } from "../support/test-clock";

/**
 * docs/product.md, Renewal: 330 days after the purchase (the sandbox's membership clock) the admin is
 * reminded, lands on the quote from the reminder's link, sees the employee who moved band line by line,
 * pays as for a purchase and is shown the next period; a year and a day after, unrenewed, the cover has
 * ended and its e-cards have expired.
 */

const isoDay = (ms: number) => new Date(ms + 330 * 60_000).toISOString().slice(0, 10);
/** Turns 36 thirty days from now: 35 when named today, 36 on the renewal date 330 days on the clock later. */
const turns36Soon = (() => {
  const day = isoDay(Date.now() + 30 * 86_400_000);
  return `${Number(day.slice(0, 4)) - 36}${day.slice(4)}`;
})();

async function paidTeam(adminAt: Parameters<Parameters<typeof test>[2]>[0]["adminAt"]) {
  const admin = await adminAt("payment", {
    people: [{ band: "18-35", range: "1A", count: 2 }],
    policy: "yearly",
    employees: 2,
  });
  await payOverApi(ORIGIN, admin.token, "yearly");
  await nameTeamOverApi(ORIGIN, admin.token, [
    { employee_code: "E-1", full_name: "Meera Iyer", date_of_birth: turns36Soon },
    { employee_code: "E-2", full_name: "Kabir Das", date_of_birth: "1996-02-02" },
  ]);
  return { ...admin, orderId: await membershipOrderId(ORIGIN, admin.token) };
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`renewal, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("reminded, quoted line by line with a member who moved band, paid, and shown the next period", async ({
      page,
      adminAt,
    }) => {
      const admin = await paidTeam(adminAt);
      await passMembershipDays(API, admin.orderId, 330);

      const sms = (
        await (await page.request.get(`/api/sandbox/sms?mobile_no=${admin.mobile}`, { headers: OUTBOX_HEADERS })).json()
      ).data as { text: string }[];
      const reminder = sms.map((m) => m.text).find((text) => text.includes("Renew it here"));
      expect(reminder).toMatch(/ends on \d{1,2} \w+ \d{4}, in \d+ days\. Renew it here: \S+\/membership\/renewal$/);

      await page.goto("/membership");
      await expect(page.getByText(/Your team’s cover ends on \d{1,2} \w+ \d{4}\./)).toBeVisible();
      // The reminder's link lands on the quote.
      await page.goto(new URL(reminder!.split(" ").at(-1)!).pathname);
      await expect(page.getByRole("heading", { name: "Renew your team’s cover" })).toBeVisible();
      await expect(page.getByText("1 employee moves to another age band.")).toBeVisible();
      const changes = page.getByRole("region", { name: "Changes against this year" });
      await expect(
        changes.getByRole("row", { name: /Meera Iyer \(E-1\).*18–35 years.*36–45 years \(moves band\)/ }),
      ).toBeVisible();
      await expect(changes.getByRole("row", { name: /Kabir Das \(E-2\).*18–35 years 18–35 years/ })).toBeVisible();
      const price = page.getByRole("region", { name: "The price, for the year" });
      await expect(price.getByRole("row", { name: /^CGST 9%/ })).toBeVisible();

      await price.getByRole("button", { name: /^Pay ₹[\d,.]+ and renew$/ }).click();
      await page.getByRole("button", { name: /— Success$/ }).click();
      await expect(page).toHaveURL(/\/membership$/);
      await expect(
        page.getByText(/Renewed\. Your team’s next year of cover starts on \d{1,2} \w+ \d{4}, under policy KVP\//),
      ).toBeVisible();
    });

    test("renewed on another plan and with another benefit, chosen on the quote and paid as quoted", async ({
      page,
      adminAt,
    }) => {
      const admin = await paidTeam(adminAt);
      await passMembershipDays(API, admin.orderId, 330);
      await page.goto("/membership/renewal");
      const pay = page.getByRole("button", { name: /^Pay ₹[\d,.]+ and renew$/ });
      const sameAmount = await pay.textContent();
      await page.getByText("Change the plan or the benefits for next year").click();
      const plans = page.getByRole("group", { name: "Plan (sum insured)" });
      const labelOf = async (input: Locator) => (await input.locator("xpath=..").textContent())!.split(":")[0]!;
      const thisYearsPlan = await labelOf(plans.getByRole("radio", { name: /\(this year\)$/ }));
      const next = plans.getByRole("radio", { checked: false }).first();
      const nextName = await labelOf(next);
      await next.check();
      const added = page
        .getByRole("group", { name: "Benefits" })
        .getByRole("checkbox", { checked: false, disabled: false })
        .first();
      const addedName = await labelOf(added);
      await added.check();
      await page.getByRole("button", { name: "Update the quote" }).click();
      await expect(page).toHaveURL(/\/membership\/renewal\?plan=/);
      await expect(page.getByText(`This year: ${thisYearsPlan}.`)).toBeVisible();
      await expect(page.getByText(new RegExp(`^${nextName} for `))).toBeVisible();
      await expect(page.getByText(/with these benefits/)).toContainText(addedName);
      await expect(pay).not.toHaveText(sameAmount!);
      const quoted = await pay.textContent();

      await pay.click();
      await expect(page.getByText(quoted!.replace(/^Pay | and renew$/g, "")).first()).toBeVisible();
      await page.getByRole("button", { name: /— Success$/ }).click();
      await expect(page).toHaveURL(/\/membership$/);
      await expect(page.getByText(/Renewed\. Your team’s next year of cover starts on/)).toBeVisible();
      await expect(page.getByText(nextName).first()).toBeVisible();
    });

    test("unrenewed, the cover ends: shown as ended, e-cards expired, renewal open for the grace period", async ({
      page,
      adminAt,
    }) => {
      const admin = await paidTeam(adminAt);
      await passMembershipDays(API, admin.orderId, 366);
      await page.goto("/membership");
      await expect(page.getByText("Ended", { exact: true })).toBeVisible();
      await expect(page.getByText(/Your team’s cover ended on \d{1,2} \w+ \d{4}\. Nobody is insured/)).toBeVisible();
      await expect(page.getByText(/You can still renew until \d{1,2} \w+ \d{4}\./)).toBeVisible();
      await page.goto("/membership/members");
      await expect(page.getByText("Expired").first()).toBeVisible();
    });
  });
}
