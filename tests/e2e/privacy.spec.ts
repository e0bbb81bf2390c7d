import type { Locator, Page } from "@playwright/test";
import { DATA_CONTACT, DATA_NOTICE, DATA_NOTICE_TITLE } from "~/content/privacy";
import { membershipOrderId, nameTeamOverApi, payOverApi } from "../support/membership";
import { passMembershipDays } from "../support/test-clock";
import { API, ORIGIN, expect, test } from "./fixtures";

/**
 * docs/product.md, Personal data (decision 0039): where the admin gives employees' details (the census form
 * and upload on /membership/members, the changes page) the notice says what is collected, why, on what
 * basis, who receives it, how long it is kept and whom to ask for correction or erasure; on a phone with
 * script off, as every membership page works. The footer's Privacy Policy is our own page.
 */

test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 800 } });

const PEOPLE = [{ band: "18-35", range: "1A", count: 2 }];
const TEAM = [
  { employee_code: "E-1", full_name: "Meera Iyer", date_of_birth: "1995-01-01" },
  { employee_code: "E-2", full_name: "Kabir Das", date_of_birth: "1996-02-02" },
];

/** The notice reads whole, inside the page's width. */
async function expectNotice(page: Page): Promise<Locator> {
  const notice = page.getByRole("region", { name: DATA_NOTICE_TITLE.admin });
  await expect(notice).toBeVisible();
  for (const point of DATA_NOTICE) {
    await expect(notice.getByRole("term").filter({ hasText: point.label })).toBeVisible();
    await expect(notice.getByRole("definition").filter({ hasText: point.text })).toBeVisible();
  }
  await expect(notice.getByText(/section 7\(i\) of the Digital Personal Data Protection Act, 2023/)).toBeVisible();
  await expect(notice.getByText(DATA_CONTACT.email)).toBeVisible();
  await expect(notice.getByRole("link", { name: "our privacy notice" })).toHaveAttribute("href", "/privacy");
  const box = await notice.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  return notice;
}

/** A form that takes employees' details points to the notice. */
async function expectPointer(form: Locator) {
  await expect(form.getByRole("link", { name: DATA_NOTICE_TITLE.admin })).toHaveAttribute("href", "#data-notice");
}

test("the census form and the upload carry the notice, at 360 px with script off", async ({ page, adminAt }) => {
  const admin = await adminAt("payment", { people: PEOPLE, policy: "yearly", employees: 2 });
  await payOverApi(ORIGIN, admin.token, "yearly");
  await page.goto("/membership/members");
  await expectNotice(page);
  await expectPointer(page.getByRole("region", { name: "Upload a spreadsheet" }));
  await expectPointer(page.getByRole("region", { name: "Add an employee" }));
});

test("the changes page carries the notice, at 360 px with script off", async ({ page, adminAt }) => {
  const admin = await adminAt("payment", { people: PEOPLE, policy: "yearly", employees: 2 });
  await payOverApi(ORIGIN, admin.token, "yearly");
  await nameTeamOverApi(ORIGIN, admin.token, TEAM);
  await page.goto("/membership/changes");
  await expectNotice(page);
  await expectPointer(page.getByRole("region", { name: "Add a joiner" }));
  await expectPointer(page.getByRole("region", { name: "Add a family member" }));
  await expectPointer(page.getByRole("region", { name: "Upload several changes" }));
});

test("three years after the policy ends the members page says the details were erased", async ({ page, adminAt }) => {
  const admin = await adminAt("payment", { people: PEOPLE, policy: "yearly", employees: 2 });
  await payOverApi(ORIGIN, admin.token, "yearly");
  await nameTeamOverApi(ORIGIN, admin.token, TEAM);
  await page.goto("/membership/members");
  await expect(page.getByRole("cell", { name: "Meera Iyer", exact: true })).toBeVisible();
  // The cover's year and three years after it, on the sandbox's test clock; then the purge runs.
  await passMembershipDays(API, await membershipOrderId(ORIGIN, admin.token), 1461);
  const purged = await fetch(`${API}/sandbox/retention/purge`, { method: "POST" });
  expect(purged.ok).toBe(true);
  await page.goto("/membership/members");
  await expect(
    page.getByText(
      /^The members’ details were erased on \d+ \w+ \d{4}, three years after the policy ended on \d+ \w+ \d{4}\.$/,
    ),
  ).toBeVisible();
  await expect(page.getByText("Meera Iyer")).toHaveCount(0);
});

test("the footer's Privacy Policy is our own page, with the notice and the contact for data matters", async ({
  page,
}) => {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL(`${ORIGIN}/privacy`);
  await expect(page.getByRole("heading", { level: 1, name: "Privacy notice" })).toBeVisible();
  for (const point of DATA_NOTICE) await expect(page.getByText(point.text)).toBeVisible();
  const contact = page.getByTestId("data-contact");
  await expect(contact).toContainText(`${DATA_CONTACT.role}: ${DATA_CONTACT.name}`);
  await expect(contact.getByRole("link", { name: DATA_CONTACT.email })).toHaveAttribute(
    "href",
    `mailto:${DATA_CONTACT.email}`,
  );
  await expect(contact).toContainText(DATA_CONTACT.address);
});
