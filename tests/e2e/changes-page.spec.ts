import type { Page } from "@playwright/test";
import { API, ORIGIN, expect, test } from "./fixtures";
import { confirmChange, membershipOrderId, nameTeamOverApi, payOverApi } from "../support/membership";
import { passMembershipDays } from "../support/test-clock";

/**
 * docs/product.md, Changes during the year: at /membership/changes the admin adds a joiner with their
 * spouse, removes a leaver and sees a monthly charge move, each priced before it is confirmed and made
 * once, whatever is posted twice; another company's admin cannot see or confirm any of it.
 */

const PEOPLE = [
  { band: "18-35", range: "1A", count: 2 },
  { band: "18-35", range: "2A", count: 1 },
];
const TEAM = [
  { employee_code: "E-1", full_name: "Meera Iyer", date_of_birth: "1995-01-01" },
  { employee_code: "E-2", full_name: "Kabir Das", date_of_birth: "1996-02-02" },
  { employee_code: "E-3", full_name: "Ritu Sen", date_of_birth: "1997-03-03" },
];

/** Today in India, as a date input takes it. */
const today = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() + 330 * 60_000 - days * 86_400_000).toISOString().slice(0, 10);

/** A Karnataka company's membership, paid over the API, with its three employees named. */
async function paidTeam(adminAt: Parameters<Parameters<typeof test>[2]>[0]["adminAt"], policy: "monthly" | "yearly") {
  const admin = await adminAt("payment", { people: PEOPLE, policy, employees: 3 });
  await payOverApi(ORIGIN, admin.token, policy);
  await nameTeamOverApi(ORIGIN, admin.token, TEAM);
  return admin;
}

/** Fills the joiner form for Arjun Nair, joining today on `cover` ("band|range"), with his spouse or alone. */
async function addJoiner(page: Page, cover: string, withSpouse: boolean) {
  await page.goto("/membership/changes");
  const form = page.getByRole("region", { name: "Add a joiner" });
  await form.getByLabel("Age band and family cover").selectOption(cover);
  await form.getByLabel("Date of joining").fill(today());
  const joiner = form.getByRole("group", { name: "The joiner" });
  await joiner.getByLabel("Employee code").fill("E-9");
  await joiner.getByLabel("Full name").fill("Arjun Nair");
  await joiner.getByLabel("Gender").selectOption("male");
  await joiner.getByLabel("Date of birth").fill("1994-05-06");
  await joiner.getByLabel("Mobile").fill("9812345678");
  await joiner.getByLabel("Email").fill("arjun.nair@fernleaf.example");
  if (withSpouse) {
    const spouse = form.getByRole("group", { name: "Spouse (optional)" });
    await spouse.getByLabel("Full name").fill("Lakshmi Nair");
    await spouse.getByLabel("Gender").selectOption("female");
    await spouse.getByLabel("Date of birth").fill("1995-07-08");
  }
  await form.getByRole("button", { name: "See the price" }).click();
}

for (const [javaScriptEnabled, width] of [
  [false, 360],
  [true, 1280],
] as const) {
  test.describe(`changes to the team, JavaScript ${javaScriptEnabled ? "on" : "off"}, ${width} px`, () => {
    test.use({ javaScriptEnabled, viewport: { width, height: 900 } });

    test("a joiner with a spouse is priced pro rata with GST, paid (a failed payment adds no one), then added once", async ({
      page,
      adminAt,
    }) => {
      await paidTeam(adminAt, "yearly");
      await addJoiner(page, "18-35|2A", true);

      await expect(page).toHaveURL(/\/membership\/changes\/KVC-[\w-]+$/);
      await expect(page.getByRole("heading", { name: "Check the price" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Add Arjun Nair (E-9) with 1 dependant" })).toBeVisible();
      const price = page.getByRole("table", { name: "Price of the change" });
      // The whole year is left on the day of purchase: 365 days of 365, less the yearly discount.
      await expect(price.getByText(/^₹[\d,.]+ a month × 12 × 365\/365, less the \d+% yearly discount$/)).toBeVisible();
      await expect(price.getByRole("row", { name: /^CGST/ })).toBeVisible();
      await expect(price.getByRole("row", { name: /^SGST/ })).toBeVisible();
      await expect(price.getByRole("row", { name: /^Total to pay ₹[\d,.]+$/ })).toBeVisible();

      const url = page.url();
      const total = (await price.getByRole("row", { name: /^Total to pay/ }).textContent())!.replace(
        "Total to pay",
        "",
      );
      // A failed payment adds no one, and says so; the addition can be paid again.
      await page.getByRole("button", { name: `Pay ${total} and add` }).click();
      await page.getByRole("button", { name: "Simulate Failure" }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByText("The payment did not go through, so no one was added.")).toBeVisible();

      await page.getByRole("button", { name: `Pay ${total} and add` }).click();
      await page.getByRole("button", { name: `Pay ${total} — Success` }).click();
      await expect(page.getByRole("heading", { name: "The change is made" })).toBeVisible();
      await expect(page.getByText("Add Arjun Nair (E-9) with 1 dependant: confirmed by Asha Rao")).toBeVisible();

      // Paying again (a double submit, another tab) answers the change as made and adds no one again.
      const again = await page.request.post(url, {
        form: { intent: "confirm" },
        headers: { origin: ORIGIN },
        maxRedirects: 0,
      });
      expect(again.status()).toBe(303);
      expect(again.headers().location).toBe(new URL(url).pathname);
      await page.goto("/membership/members");
      await expect(page.getByRole("cell", { name: "Arjun Nair", exact: true })).toHaveCount(1);
      await expect(page.getByRole("cell", { name: "Lakshmi Nair", exact: true })).toHaveCount(1);
    });

    test("a leaver is removed with a credit, and a date too far back is refused with the rule", async ({
      page,
      adminAt,
    }) => {
      await paidTeam(adminAt, "yearly");
      await page.goto("/membership/changes");
      const form = page.getByRole("region", { name: "Remove a leaver" });
      await form.getByLabel("Employee code").fill("E-2");
      await form.getByLabel("Last day").fill(daysAgo(31));
      await form.getByLabel("Reason").fill("Resigned");
      await form.getByRole("button", { name: "See the credit" }).click();
      await expect(
        form.getByText(/^The last day must be within the last 30 days \(on or after \d+ \w+ \d{4}\)\.$/).first(),
      ).toBeVisible();

      await form.getByLabel("Last day").fill(today());
      await form.getByRole("button", { name: "See the credit" }).click();
      await expect(page.getByRole("heading", { name: "Remove Kabir Das (E-2)" })).toBeVisible();
      const price = page.getByRole("table", { name: "Price of the change" });
      await expect(price.getByText(/ × 12 × 364\/365/)).toBeVisible();
      await expect(price.getByRole("row", { name: /^Credit to your membership ₹[\d,.]+$/ })).toBeVisible();
      await page.getByRole("button", { name: "Confirm the removal" }).click();
      await expect(page.getByRole("heading", { name: "The leaver is removed" })).toBeVisible();

      // Removing them again is refused with the API's reason, beside the form.
      await page.goto("/membership/changes");
      await form.getByLabel("Employee code").fill("E-2");
      await form.getByLabel("Last day").fill(today());
      await form.getByLabel("Reason").fill("Resigned");
      await form.getByRole("button", { name: "See the credit" }).click();
      await expect(form.getByText("This employee has already been removed.")).toBeVisible();
    });

    test("a monthly joiner pays the part-month at once, then the next charge grows by their monthly price", async ({
      page,
      adminAt,
    }) => {
      await paidTeam(adminAt, "monthly");
      await addJoiner(page, "18-35|1A", false);
      await expect(page.getByText(/^New monthly amount: ₹[\d,.]+ from \d+ \w+ \d{4}$/)).toBeVisible();
      await expect(
        page.getByText(/^Your monthly charge goes up by ₹[\d,.]+ \(₹[\d,.]+ and ₹[\d,.]+ GST\)\.$/),
      ).toBeVisible();
      // No cover before premium: covered from today, the part-month to the next charge paid now.
      await expect(page.getByText(/^Covered from \d+ \w+ \d{4}, the day the premium is received/)).toBeVisible();
      const paidNow = page.getByRole("table", { name: "Paid now" });
      await expect(paidNow.getByText(/a month × \d+\/\d+ days/)).toBeVisible();
      const total = (await paidNow
        .getByRole("row", { name: /^Paid now/ })
        .getByRole("cell")
        .textContent())!;
      await page.getByRole("button", { name: `Pay ${total} and add` }).click();
      await page.getByRole("button", { name: /— Success$/ }).click();
      await expect(page.getByRole("heading", { name: "The change is made" })).toBeVisible();
    });
  });
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`a confirm after the price changed, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("is shown again at the new price with the reason, and confirming it makes one change", async ({
      page,
      adminAt,
    }) => {
      const admin = await paidTeam(adminAt, "monthly");
      const orderId = await membershipOrderId(ORIGIN, admin.token);
      // 27 days into the first month: the second charge falls within the next few days, whatever the month.
      await passMembershipDays(API, orderId, 27);
      await addJoiner(page, "18-35|1A", false);
      const quoted = page.getByText(/^New monthly amount: ₹[\d,.]+ from \d+ \w+ \d{4}$/);
      const before = await quoted.textContent();
      const quotedUrl = page.url();

      // Days pass for this membership until the second charge is collected at the old amount.
      const { next_charge: next } = (
        await (
          await page.request.get(`${API}/employer/v1/membership`, {
            headers: { authorization: `Bearer ${admin.token}` },
          })
        ).json()
      ).data.billing;
      const days = Math.round((Date.parse(next.date) - Date.parse(today())) / 86_400_000);
      await passMembershipDays(API, orderId, days);

      await page.getByRole("button", { name: /^Pay ₹[\d,.]+ and add$/ }).click();
      await expect(page).not.toHaveURL(quotedUrl);
      await expect(
        page.getByText(
          /^The price has changed since it was quoted on \d+ \w+ \d{4}: it is now shown again\. Check it and confirm\.$/,
        ),
      ).toBeVisible();
      await expect(page.getByRole("heading", { name: "Check the price" })).toBeVisible();
      await expect(quoted).toBeVisible();
      expect(await quoted.textContent()).not.toBe(before);
      const after = await quoted.textContent();

      await page.getByRole("button", { name: /^Pay ₹[\d,.]+ and add$/ }).click();
      await page.getByRole("button", { name: /— Success$/ }).click();
      await expect(page.getByRole("heading", { name: "The change is made" })).toBeVisible();
      await expect(page.getByText(after!)).toBeVisible();
      // The first quote, paid for again (another tab), is refused with the reason, not made a second time.
      await page.goto(quotedUrl);
      await page.getByRole("button", { name: /^Pay ₹[\d,.]+ and add$/ }).click();
      await expect(page.getByText("An employee with this code is already on the list")).toBeVisible();
      await page.goto("/membership/members");
      await expect(page.getByRole("cell", { name: "Arjun Nair", exact: true })).toHaveCount(1);
    });
  });
}

test("another company's admin can neither see nor confirm a change", async ({ page, adminAt, browser }) => {
  await paidTeam(adminAt, "monthly");
  await addJoiner(page, "18-35|1A", false);
  await expect(page.getByRole("heading", { name: "Check the price" })).toBeVisible();
  const url = page.url();

  const strangers = await browser.newContext();
  try {
    await adminAt("gst", { context: strangers });
    const stranger = await strangers.newPage();
    const seen = await stranger.goto(url);
    expect(seen?.status()).toBe(404);
    await expect(stranger.getByText("Arjun Nair")).toHaveCount(0);
    const confirm = await stranger.request.post(url, {
      form: { intent: "confirm" },
      headers: { origin: ORIGIN },
      maxRedirects: 0,
    });
    expect(confirm.status()).toBe(404);
  } finally {
    await strangers.close();
  }
  // The quote is still open for its own admin.
  await page.reload();
  await expect(page.getByRole("button", { name: /^Pay ₹[\d,.]+ and add$/ })).toBeVisible();
});

for (const javaScriptEnabled of [false, true]) {
  test.describe(`a family event, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a spouse after a marriage joins an employee whose family cover has room, at no charge", async ({
      page,
      adminAt,
    }) => {
      await paidTeam(adminAt, "yearly");
      await page.goto("/membership/changes");
      const form = page.getByRole("region", { name: "Add a family member" });
      // The third employee named took the one employee-and-spouse (2A) cover bought.
      await form.getByLabel("Employee code").fill("E-3");
      await form.getByLabel("A spouse, after a marriage").check();
      await form.getByLabel("Date of the marriage or birth").fill(daysAgo(31));
      await form.getByLabel("Their full name").fill("Vikram Sen");
      await form.getByLabel("Spouse’s gender").selectOption("male");
      await form.getByLabel("Spouse’s date of birth").fill("1994-09-09");
      await form.getByRole("button", { name: "See the price" }).click();
      await expect(
        form.getByText(/^A family event is added within 30 days of it \(on or after \d+ \w+ \d{4}\)\.$/).first(),
      ).toBeVisible();

      await form.getByLabel("Date of the marriage or birth").fill(today());
      await form.getByRole("button", { name: "See the price" }).click();
      await expect(page.getByRole("heading", { name: "Add Vikram Sen to the family of E-3" })).toBeVisible();
      // Said plainly, with no pro-rata rule of ₹0.00 a month to read (docs/product.md, Changes during the year).
      await expect(
        page.getByText(
          "No extra charge. Vikram Sen will be covered by the family cover already bought for E-3 (2A), which has room for them.",
        ),
      ).toBeVisible();
      await expect(page.getByText(/a month ×/)).toHaveCount(0);
      await expect(page.getByRole("table", { name: "Price of the change" })).toHaveCount(0);
      await page.getByRole("button", { name: "Confirm the change" }).click();
      await expect(page.getByRole("heading", { name: "The change is made" })).toBeVisible();
      await expect(page.getByText(/^No extra charge\. Vikram Sen is covered by the family cover/)).toBeVisible();
      await page.goto("/membership/members");
      await expect(page.getByRole("cell", { name: "Vikram Sen", exact: true })).toHaveCount(1);
    });
  });
}

test.describe("a payment for an addition that cannot be used, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the same joiner paid in two tabs is added once, and the second payment is listed to be refunded", async ({
    page,
    context,
    adminAt,
  }) => {
    await paidTeam(adminAt, "yearly");
    await addJoiner(page, "18-35|1A", false);
    const firstTab = page.url();
    const price = page.getByRole("table", { name: "Price of the change" });
    const total = (await price.getByRole("row", { name: /^Total to pay/ }).textContent())!.replace("Total to pay", "");
    // The second tab opens the gateway for its own quote of the same joiner and waits there.
    const other = await context.newPage();
    await addJoiner(other, "18-35|1A", false);
    await other.getByRole("button", { name: `Pay ${total} and add` }).click();
    await expect(other.getByRole("button", { name: `Pay ${total} — Success` })).toBeVisible();

    await page.goto(firstTab);
    await page.getByRole("button", { name: `Pay ${total} and add` }).click();
    await page.getByRole("button", { name: `Pay ${total} — Success` }).click();
    await expect(page.getByRole("heading", { name: "The change is made" })).toBeVisible();

    await other.getByRole("button", { name: `Pay ${total} — Success` }).click();
    await expect(other.getByText(`A payment of ${total} will be refunded`)).toBeVisible();
    await expect(other.getByRole("heading", { name: "Check the price" })).toBeVisible();
    await other.goto("/membership");
    await expect(other.getByRole("status").filter({ hasText: "A payment will be refunded." })).toContainText(
      new RegExp(
        `We received ${total.replace(/[.₹]/g, "\\$&")} \\(pay_\\w+\\) for an addition to your team that could not be made\\. It bought nothing`,
      ),
    );
    await other.goto("/membership/members");
    await expect(other.getByRole("cell", { name: "Arjun Nair", exact: true })).toHaveCount(1);
  });
});

test.describe("several changes by upload, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("each row is checked and priced, nothing changes until the changes are confirmed together", async ({
    page,
    adminAt,
  }) => {
    await paidTeam(adminAt, "monthly");
    const header =
      "employee_code,full_name,gender,date_of_birth,relationship,mobile,email,date_of_joining,change,last_day,reason";
    const lines = [
      `E-9,Arjun Nair,male,1994-05-06,self,9812345678,arjun.nair@fernleaf.example,${today()},add,,`,
      `E-2,,,,,,,,remove,${today()},Resigned`,
      `E-3,,,,,,,,move,,`,
    ];
    await page.goto("/membership/changes");
    const form = page.getByRole("region", { name: "Upload several changes" });
    await form.getByLabel("CSV or Excel file").setInputFiles({
      name: "changes.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`${[header, ...lines].join("\r\n")}\r\n`),
    });
    await form.getByRole("button", { name: "Upload and check" }).click();
    await expect(page.getByRole("heading", { name: "2 changes priced, 1 rows need fixing" })).toBeVisible();
    await expect(
      page
        .getByRole("table", { name: "Rows that need fixing" })
        .getByRole("row", { name: /4 .*change.*Say add or remove/ }),
    ).toBeVisible();
    const priced = page.getByRole("table", { name: "Changes priced" });
    await expect(priced.getByRole("link", { name: "Add Arjun Nair (E-9)" })).toBeVisible();
    await expect(priced.getByRole("link", { name: "Remove Kabir Das (E-2)" })).toBeVisible();
    // Nothing is made yet (seen from another tab, the results staying open here).
    const members = await page.context().newPage();
    await members.goto("/membership/members");
    await expect(members.getByRole("cell", { name: "Arjun Nair", exact: true })).toHaveCount(0);
    await members.close();

    // The removal is made with the others; the joiner is paid for on their own page (no cover before premium).
    await page.getByRole("button", { name: "Confirm 1 change" }).click();
    await expect(page).toHaveURL(/\/membership$/);
    await expect(page.getByText("1 change made.")).toBeVisible();
    await page.goto("/membership/members");
    await expect(page.getByRole("cell", { name: "Arjun Nair", exact: true })).toHaveCount(0);
  });
});

/**
 * One order for the year (docs/product.md, Changes during the year): no change until the team is named,
 * then a joiner is a place on top of those bought, and the membership and the census count the same.
 */
for (const [javaScriptEnabled, width] of [
  [false, 360],
  [true, 1280],
] as const) {
  test(`changes wait for a named team, then every count agrees, JavaScript ${javaScriptEnabled ? "on" : "off"}, ${width} px`, async ({
    browser,
    adminAt,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled, viewport: { width, height: 900 } });
    const page = await context.newPage();
    const admin = await adminAt("payment", { people: PEOPLE, policy: "yearly", employees: 3, context });
    await payOverApi(ORIGIN, admin.token, "yearly");

    await page.goto("/membership");
    await expect(page.getByText("Joiners, leavers and family events are added once your team is named.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Add a joiner, remove a leaver or add a family member" })).toHaveCount(
      0,
    );
    await page.goto("/membership/changes");
    await expect(page.getByRole("heading", { level: 1, name: "Finish naming your team first" })).toBeVisible();
    await expect(page.getByText("0 of 3 employees are named.")).toBeVisible();
    await expect(page.getByRole("region", { name: "Add a joiner" })).toHaveCount(0);
    await page.getByRole("link", { name: "Name your team" }).click();
    await expect(page).toHaveURL(/\/membership\/members$/);

    await nameTeamOverApi(ORIGIN, admin.token, TEAM);
    await confirmChange(ORIGIN, admin.token, {
      kind: "add",
      band: "18-35",
      range: "1A",
      effective_date: today(),
      members: [
        {
          employee_code: "E-9",
          full_name: "Arjun Nair",
          gender: "male",
          date_of_birth: "1994-05-06",
          relationship: "self",
          mobile: "9812345678",
          email: `e-9.${admin.mobile}@fernleaf.example`,
          date_of_joining: null,
        },
      ],
    });
    // The joiner is a place on top of the 2 bought for 18–35 employee-only: 3 bought, 3 covered now (a
    // phone reads the row as "… · 3 bought · 3 covered now"), and the census counts 4 of 4 named in all.
    await page.goto("/membership");
    const members = page.getByRole("region", { name: "Members by age band and family cover" });
    await expect(
      members.getByRole("row", { name: /18–35 years.*Employee only\D+3\D+3( covered now)?$/ }),
    ).toBeVisible();
    await expect(members.getByRole("row", { name: /^Total\D+4\D+4( covered now)?$/ })).toBeVisible();
    await expect(
      page.getByRole("link", { name: "Add a joiner, remove a leaver or add a family member" }),
    ).toBeVisible();
    await page.goto("/membership/members");
    await expect(page.getByRole("row", { name: /^Total named of bought 4 of 4/ })).toBeVisible();
    await context.close();
  });
}
