import { readFileSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { callApi } from "../support/cart";
import { payOverApi } from "../support/membership";
import { OUTBOX_HEADERS } from "../support/outbox";
import { type AdminFixtures, API, expect, ORIGIN, test } from "./fixtures";
import { freshMobile, readCode, watchConsole } from "./helpers";

/**
 * docs/product.md, Claims: an employee named in the census signs in with their own number, downloads
 * their e-card, finds a network hospital by PIN code, intimates a cashless admission the sandbox TPA takes
 * to settlement (the test clock makes its steps immediate), and claims back a bill (a refused file, then
 * accepted ones, settled in part); the admin sees the claims without any medical detail; another family's
 * claim and documents are refused for every identity.
 */

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(256, 7)]);

interface Team {
  adminToken: string;
  /** Each employee's own number, as the census names them. */
  asha: string;
  meera: string;
}

/** A paid yearly membership: Asha Iyer alone, and Meera Nair with her spouse Rahul, each with a number of their own. */
async function paidTeam(adminAt: AdminFixtures["adminAt"]): Promise<Team> {
  const admin = await adminAt("payment", {
    employees: 2,
    people: [
      { band: "18-35", range: "1A", count: 1 },
      { band: "18-35", range: "2A", count: 1 },
    ],
  });
  await payOverApi(ORIGIN, admin.token, "yearly");
  const team = { adminToken: admin.token, asha: freshMobile(), meera: freshMobile() };
  const person = (code: string, name: string, relationship: string, mobile: string | null) => ({
    employee_code: code,
    full_name: name,
    gender: relationship === "spouse" ? "male" : "female",
    date_of_birth: relationship === "spouse" ? "1993-03-04" : "1995-01-01",
    relationship,
    mobile,
    email: mobile === null ? null : `${code.toLowerCase()}.${mobile}@fernleaf.example`,
    date_of_joining: mobile === null ? null : "2024-06-01",
  });
  await callApi(API, admin.token, "/membership/census/members", {
    rows: [person("E-1", "Asha Iyer", "self", team.asha)],
  });
  await callApi(API, admin.token, "/membership/census/members", {
    rows: [person("E-2", "Meera Nair", "self", team.meera), person("E-2", "Rahul Nair", "spouse", null)],
  });
  return team;
}

/** An employee in a browser of their own, signed in at their own door with the code texted to them. */
async function employee(browser: Browser, mobile: string, javaScriptEnabled: boolean, width: number) {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto("/cover");
  await expect(page).toHaveURL(/\/cover\/sign-in$/);
  await page.getByLabel("Your mobile number").fill(mobile);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page).toHaveURL(/\/cover\/verify$/);
  await page.getByLabel("One-time code").fill(await readCode(page.request, mobile));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/cover$/);
  return { context, page };
}

/** No serious or critical accessibility violations on the page as it stands (axe runs as a script in the page). */
async function expectAccessible(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function download(page: Page, link: RegExp | string): Promise<Buffer> {
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: link }).first().click();
  return readFileSync((await (await downloading).path())!);
}

/** A date `days` from today in India, as YYYY-MM-DD. */
function indiaDate(days = 0): string {
  return new Date(Date.now() + 330 * 60_000 + days * 86_400_000).toISOString().slice(0, 10);
}

function memberIdOf(page: Page, name: string): Promise<string> {
  return page
    .getByRole("link", { name: `E-card of ${name} (PDF)` })
    .getAttribute("href")
    .then((href) => /\/members\/([^/]+)\/e-card\.pdf$/.exec(href ?? "")![1]!);
}

for (const [javaScriptEnabled, width] of [
  [false, 360],
  [true, 1280],
] as const) {
  test.describe(`claims, JavaScript ${javaScriptEnabled ? "on" : "off"}, ${width} px`, () => {
    test.use({ javaScriptEnabled, viewport: { width, height: 900 } });

    let contexts: BrowserContext[] = [];
    test.afterEach(async () => {
      await Promise.all(contexts.map((c) => c.close()));
      contexts = [];
    });

    test("an employee signs in, downloads their e-card, finds a hospital by PIN code and takes a cashless admission to settlement", async ({
      browser,
      adminAt,
    }) => {
      const team = await paidTeam(adminAt);
      const meera = await employee(browser, team.meera, javaScriptEnabled, width);
      contexts.push(meera.context);
      const page = meera.page;
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Meera Nair");
      await expect(page.getByText(/ left of ₹/)).toBeVisible();
      await expect(page.getByRole("cell", { name: "Rahul Nair", exact: true })).toBeVisible();
      await expectAccessible(page, javaScriptEnabled);
      const card = await download(page, "E-card of Rahul Nair (PDF)");
      expect(card.subarray(0, 5).toString()).toBe("%PDF-");

      // Nothing of another family: Asha's e-card is not Meera's to download.
      const asha = await employee(browser, team.asha, javaScriptEnabled, width);
      contexts.push(asha.context);
      const ashaId = await memberIdOf(asha.page, "Asha Iyer");
      expect((await page.request.get(`/cover/members/${ashaId}/e-card.pdf`)).status()).toBe(404);

      await page.goto("/hospitals");
      await page.getByLabel("City or PIN code").fill("560034");
      await page.getByLabel("Cashless hospitals only").check();
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/\/hospitals\?place=560034&name=&cashless=1$/);
      await expect(page.getByRole("heading", { name: /hospitals? near 560034/ })).toBeVisible();
      await expect(page.getByText(/Sample data/)).toBeVisible();
      await expectAccessible(page, javaScriptEnabled);
      const first = page.locator(".hospitals__list > li").first();
      await expect(first).toContainText("560034");
      await expect(first).toContainText("Cashless");
      const hospitalName = (await first.getByRole("heading").textContent())!;
      await first.getByRole("link", { name: /Intimate an admission here/ }).click();

      await expect(page).toHaveURL(/\/cover\/claims\/cashless\?hospital=HSP-\d{4}$/);
      await expect(page.getByRole("radio", { name: new RegExp(hospitalName) })).toBeChecked();
      await expectAccessible(page, javaScriptEnabled);
      await page.getByRole("radio", { name: "Rahul Nair (Spouse)" }).check();
      await page.getByLabel("Date of admission").fill(indiaDate(3));
      await page.getByLabel("Reason, in your words").fill("Knee surgery after a fall");
      await page.getByLabel("The hospital’s estimate (₹)").fill("60,000");
      await page.getByRole("button", { name: "Intimate the admission" }).click();

      await expect(page).toHaveURL(/\/cover\/claims\/CL-\d{4}-\d{6}$/);
      const claimId = page.url().split("/").pop()!;
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Claim ${claimId}`);
      await expect(page.locator(".badge").first()).toHaveText("Settled");
      await expect(page.getByText("Settled: the TPA paid")).toBeVisible();
      await expect(page.getByText("Pre-authorisation approved for ₹60,000")).toBeVisible();
      await expectAccessible(page, javaScriptEnabled);
      const emails = await page.request.get(`/api/sandbox/emails?to=e-2.${team.meera}@fernleaf.example`, {
        headers: OUTBOX_HEADERS,
      });
      const subjects = ((await emails.json()).data as { subject: string }[]).map((e) => e.subject);
      expect(subjects).toEqual(
        expect.arrayContaining([
          `Cashless claim ${claimId}: intimation received`,
          `Cashless claim ${claimId}: approved for ₹60,000`,
          `Cashless claim ${claimId}: settled for ₹60,000`,
        ]),
      );
      const sms = await page.request.get(`/api/sandbox/sms?mobile_no=${team.meera}`, { headers: OUTBOX_HEADERS });
      expect(((await sms.json()).data as { text: string }[]).filter((m) => m.text.includes(claimId))).toHaveLength(3);

      await page.goto("/cover");
      await expect(page.getByRole("definition").filter({ hasText: "₹60,000" })).toBeVisible();
      await expect(page.getByRole("link", { name: claimId })).toBeVisible();
    });

    test("an estimate above the sum insured left is queried, and approved for what is left once answered", async ({
      browser,
      adminAt,
    }) => {
      const team = await paidTeam(adminAt);
      const asha = await employee(browser, team.asha, javaScriptEnabled, width);
      contexts.push(asha.context);
      const page = asha.page;
      await page.getByRole("link", { name: "Tell the TPA about an admission" }).click();
      await page.getByLabel("Find the hospital: city or PIN code").fill("Pune");
      await page.getByRole("button", { name: "Find cashless hospitals" }).click();
      await page.getByRole("radio").first().check();
      await page.getByLabel("Date of admission").fill(indiaDate(5));
      await page.getByLabel("Reason, in your words").fill("Spine surgery");
      await page.getByLabel("The hospital’s estimate (₹)").fill("50,00,000");
      await page.getByRole("button", { name: "Intimate the admission" }).click();
      await expect(page).toHaveURL(/\/cover\/claims\/CL-\d{4}-\d{6}$/);
      await expect(page.locator(".badge").first()).toHaveText("Question from the TPA");
      await expect(
        page.getByText(/The hospital's estimate of ₹50,00,000 is more than the ₹[\d,]+ left/).first(),
      ).toBeVisible();
      await page.getByLabel("Your answer").fill("Yes, we will pay the difference.");
      await page.getByRole("button", { name: "Send the answer" }).click();
      await expect(page.locator(".badge").first()).toHaveText("Settled");
      await expect(page.getByText("You answered the TPA: Yes, we will pay the difference.")).toBeVisible();
      await page.goto("/cover");
      await expect(page.locator(".cover__left strong")).toHaveText("₹0");
    });

    test("a reimbursement refuses a bad file, settles the next in part; the admin sees no medical detail; no one else sees the claim", async ({
      page,
      browser,
      adminAt,
    }) => {
      const team = await paidTeam(adminAt);
      const meera = await employee(browser, team.meera, javaScriptEnabled, width);
      contexts.push(meera.context);
      const m = meera.page;
      await m.getByRole("link", { name: "Claim back a bill you paid" }).click();
      await expect(m).toHaveURL(/\/cover\/claims\/reimbursement$/);
      // Served as a document, the page hydrates to what the server drew: a difference would make React
      // draw it again and empty what the employee had typed meanwhile.
      const console = watchConsole(m);
      await m.reload();
      const fill = async () => {
        await m.getByRole("radio", { name: "Meera Nair (You)" }).check();
        await m.getByLabel("Hospital or clinic").fill("Shree Clinic, Hubballi");
        await m.getByLabel("First day of treatment").fill(indiaDate());
        await m.getByLabel("Last day of treatment").fill(indiaDate());
        await m.getByLabel("What it was for, in your words").fill("Fever and dehydration, admitted for fluids");
        await m.getByLabel("Amount of the bill (₹)").fill("40000");
      };
      await fill();
      await m
        .getByLabel(/Bills, discharge summary/)
        .setInputFiles([{ name: "bill.pdf", mimeType: "application/pdf", buffer: Buffer.from("not really a PDF") }]);
      await m.getByRole("button", { name: "Send the claim" }).click();
      await expect(m.getByText("bill.pdf is not a PDF, JPEG or PNG file.").first()).toBeVisible();
      await expectAccessible(m, javaScriptEnabled);
      await expect(m).toHaveURL(/\/cover\/claims\/reimbursement$/);
      // Nothing was saved.
      const cover = await m.request.get("/cover");
      expect(await cover.text()).toContain("No claims yet.");

      if (!javaScriptEnabled) await fill();
      await m.getByLabel(/Bills, discharge summary/).setInputFiles([
        { name: "bill.pdf", mimeType: "application/pdf", buffer: PDF },
        { name: "discharge.png", mimeType: "image/png", buffer: PNG },
      ]);
      await m.getByRole("button", { name: "Send the claim" }).click();
      await expect(m).toHaveURL(/\/cover\/claims\/CL-\d{4}-\d{6}$/);
      expect(
        console.problems().filter((p) => /hydrat|did not match|Minified React error #4(1[89]|2[0-5])/i.test(p)),
      ).toEqual([]);
      const claimId = m.url().split("/").pop()!;
      await expect(m.locator(".badge").first()).toHaveText("Settled");
      await expect(m.getByText(/Settled in part: ₹38,000 of ₹40,000 paid/)).toBeVisible();
      await expect(m.getByText(/₹2,000: Non-medical items/)).toBeVisible();
      await expect(m.getByRole("link", { name: "discharge.png" })).toBeVisible();
      const doc = await m.request.get(`/cover/claims/${claimId}/documents/1`);
      expect(Buffer.from(await doc.body()).equals(PDF)).toBe(true);

      // The employee's session is not an admin's.
      const membership = await m.request.get("/membership", { maxRedirects: 0 });
      expect(membership.headers().location).toBe("/sign-in?next=%2Fmembership");
      // Another family, the admin, and a stranger: none reach the claim or its documents.
      const asha = await employee(browser, team.asha, javaScriptEnabled, width);
      contexts.push(asha.context);
      expect((await asha.page.request.get(`/cover/claims/${claimId}`)).status()).toBe(404);
      expect((await asha.page.request.get(`/cover/claims/${claimId}/documents/1`)).status()).toBe(404);
      for (const request of [page.request, (await browser.newContext()).request]) {
        const claim = await request.get(`/cover/claims/${claimId}`, { maxRedirects: 0 });
        expect(claim.status()).toBe(302);
        expect(claim.headers().location).toBe("/cover/sign-in");
        const file = await request.get(`/cover/claims/${claimId}/documents/1`, { maxRedirects: 0 });
        expect(file.status()).toBe(302);
      }
      // The admin's summary: a count, a state and amounts, no name, reason or document.
      await page.goto("/membership");
      const summary = page.locator("section", { has: page.getByRole("heading", { name: "Claims", exact: true }) });
      await expect(summary).toContainText("Settled");
      await expect(summary).toContainText("₹38,000");
      await expect(summary).toContainText("Claims ratio so far");
      const html = await page.content();
      for (const secret of ["Meera", "Fever", "Shree Clinic", "bill.pdf", claimId]) expect(html).not.toContain(secret);
    });
  });
}
