import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TestApi, checkoutForms, emailsTo, startApi } from "./helpers";
import { OUTBOX_HEADERS } from "../support/outbox";

const V1 = "/api/employer/v1";
const CALLBACK = "https://app.example/checkout/payment/callback";
const KARNATAKA = "29AAKCF2931M1Z6";
const DELHI = "07AAFCT1128B1ZV";

let api: TestApi;
let dir: string;
let nextMobile = 9100000001;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "kavach-members-"));
  api = await startApi({ databasePath: join(dir, "api.sqlite") });
});
afterEach(async () => {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * A paid membership (the clock says 2 June 2025, so cover starts then): two employees aged 18–35 on
 * employee-only cover and one aged 36–45 on 2A+2C.
 */
async function paidAdmin(gstin = KARNATAKA, email = "ananya@fernleaf.example") {
  const token = await api.login(String(nextMobile++));
  const update = (type: string, item: unknown) =>
    api.call("POST", `${V1}/carts/update`, { token, body: { type, item } });
  await update("company", { gstin });
  await update("admin", { name: "Ananya Rao", email, total_employees: 3, authorised: true });
  await update("plan", { plan_id: "kavach-essential", coverage_ids: [] });
  await update("people", {
    rows: [
      { band: "18-35", range: "1A", count: 2 },
      { band: "36-45", range: "2A+2C", count: 1 },
    ],
  });
  const order = await api.call("POST", `${V1}/checkout/order/create`, {
    token,
    body: { policy: "yearly", callback_url: CALLBACK },
  });
  const page = await api.html(`/api/sandbox/checkout/${order.json.data.order_id}`);
  const pay = [...checkoutForms(page.text).entries()].find(([label]) => label.endsWith("— Success"))![1];
  const paid = await api.call("POST", `${V1}/checkout/order/verify`, { body: pay.fields });
  expect(paid.json.data.status).toBe("paid");
  return {
    token,
    get: (path: string) => api.call("GET", `${V1}${path}`, { token }),
    post: (path: string, body: unknown) => api.call("POST", `${V1}${path}`, { token, body }),
    pdf: async (path: string) => {
      const res = await fetch(`${api.base}${V1}${path}`, { headers: { authorization: `Bearer ${token}` } });
      return { status: res.status, type: res.headers.get("content-type"), bytes: Buffer.from(await res.arrayBuffer()) };
    },
  };
}

type Admin = Awaited<ReturnType<typeof paidAdmin>>;

function employee(code: string, name: string, dob: string, extra: Record<string, string | null> = {}) {
  return {
    employee_code: code,
    full_name: name,
    gender: "female",
    date_of_birth: dob,
    relationship: "self",
    mobile: "9876543210",
    email: `${code.toLowerCase()}@fernleaf.example`,
    date_of_joining: "2024-06-01",
    ...extra,
  };
}

function dependant(code: string, name: string, dob: string, relationship: string) {
  return {
    employee_code: code,
    full_name: name,
    gender: "male",
    date_of_birth: dob,
    relationship,
    mobile: null,
    email: null,
    date_of_joining: null,
  };
}

const numbered = (rows: Record<string, unknown>[]) => rows.map((r, i) => ({ row_number: i + 2, ...r }));

function pdfText(bytes: Buffer): string {
  const file = join(dir, `read-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
}

/** The file with one mistake of each kind, and the three rows that are fine. */
const MIXED = numbered([
  employee("E1", "Asha Verma", "1995-01-10"), // 2: ready (30, 18–35 1A)
  employee("E1", "Bina Das", "1994-02-11"), // 3: same employee code as row 2
  employee("E2", "Chitra Iyer", "1975-03-12"), // 4: aged 50, no 46–55 cover bought
  dependant("E1", "Dev Verma", "1993-04-13", "spouse"), // 5: E1 has employee-only cover
  employee("E3", "Esha Nair", "1985-05-14"), // 6: ready (40, 36–45 2A+2C)
  dependant("E3", "Farhan Nair", "1999-01-01", "son"), // 7: aged 26, children until 25
  dependant("E3", "Gopal Nair", "1984-06-15", "spouse"), // 8: ready
  dependant("E3", "Hari Nair", "1986-07-16", "spouse"), // 9: a second spouse
  dependant("E9", "Isha Rao", "2015-08-17", "daughter"), // 10: no employee E9
  employee("E4", "Jaya Sen", "1994-09-18"), // 11: ready (31, the second 18–35 1A)
  employee("E5", "Kiran Bose", "1996-10-19"), // 12: a third 18–35 1A employee; two were bought
  { ...dependant("E1", "asha verma", "1995-01-10", "daughter") }, // 13: same person as row 2
  employee("E6", "Lata Pillai", "1990-11-20", { mobile: "12345" }), // 14: bad mobile
  employee("E7", "M".repeat(201), "1990-11-20"), // 15: over 200 characters
]);

describe("checking the census", () => {
  it("answers every rejected row with its column, value and reason, and keeps the ready ones", async () => {
    const admin = await paidAdmin();
    const r = await admin.post("/membership/census/check", { rows: MIXED });
    expect(r.status).toBe(200);
    const { ready, rejected, ready_count, rejected_count, check_id } = r.json.data;
    expect(check_id).toEqual(expect.any(String));
    expect(ready.map((x: { row_number: number }) => x.row_number)).toEqual([2, 6, 8, 11]);
    expect(ready_count).toBe(4);
    expect(rejected_count).toBe(10);
    const byRow = new Map(rejected.map((x: { row_number: number }) => [x.row_number, x]));
    expect(byRow.get(3)).toEqual({
      row_number: 3,
      column: "employee_code",
      value: "E1",
      message: "Same employee code as row 2",
    });
    expect(byRow.get(4)).toMatchObject({
      column: "date_of_birth",
      value: "1975-03-12",
      message: "Aged 50 on the cover start date (02 Jun 2025): no cover was bought for the 46–55 years band",
    });
    expect(byRow.get(5)).toMatchObject({
      column: "relationship",
      message: "Employee only cover (1A) takes no dependants",
    });
    expect(byRow.get(7)).toMatchObject({
      column: "date_of_birth",
      message: "Aged 26 on the cover start date (02 Jun 2025): children are covered until they turn 25",
    });
    expect(byRow.get(9)).toMatchObject({ column: "relationship", message: "Only one spouse per employee" });
    expect(byRow.get(10)).toMatchObject({ column: "employee_code", value: "E9" });
    expect((byRow.get(10) as { message: string }).message).toMatch(/No employee with code E9/);
    expect(byRow.get(12)).toMatchObject({
      column: "employee_code",
      message: "Only 2 employees were bought for 18–35 years, 1A: this would be 3",
    });
    expect(byRow.get(13)).toMatchObject({ column: "full_name", message: "Same person as row 2" });
    expect(byRow.get(14)).toMatchObject({
      column: "mobile",
      value: "12345",
      message: "Enter a 10-digit mobile number starting with 6, 7, 8 or 9",
    });
    expect(byRow.get(15)).toMatchObject({ column: "full_name", message: "Keep this under 200 characters" });
    expect(ready[0].member).toMatchObject({ band: "18-35", range: "1A", age_on_cover_start: 30 });
    expect(ready[2].member).toMatchObject({ relationship: "spouse", band: "36-45", range: "2A+2C" });

    // Nothing is saved by a check.
    const census = (await admin.get("/membership/census")).json.data;
    expect(census.total).toBe(0);
    expect(census.summary).toMatchObject({
      employees_bought: 3,
      employees_named: 0,
      lives_bought: 6,
      lives_named: 0,
      complete: false,
    });
    expect(census.cover_start_date).toBe("2025-06-02");
  });

  it("checks 10,000 rows in one call", async () => {
    const admin = await paidAdmin();
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      row_number: i + 2,
      ...employee(`X${i}`, `Person ${i}`, "1990-01-01"),
    }));
    const r = await admin.post("/membership/census/check", { rows });
    expect(r.status).toBe(200);
    expect(r.json.data.ready_count).toBe(2);
    expect(r.json.data.rejected_count).toBe(9_998);
  });
});

describe("confirming and issuing", () => {
  it("saves exactly the ready rows, once, issues the policy, the certificate and the e-cards, and emails them", async () => {
    const admin = await paidAdmin();
    const check = (await admin.post("/membership/census/check", { rows: MIXED })).json.data;
    const first = await admin.post("/membership/census/confirm", { check_id: check.check_id });
    expect(first.status).toBe(200);
    expect(first.json.data.added).toBe(4);
    const census = first.json.data.census;
    expect(census.total).toBe(4);
    expect(census.members.map((m: { full_name: string }) => m.full_name).sort()).toEqual([
      "Asha Verma",
      "Esha Nair",
      "Gopal Nair",
      "Jaya Sen",
    ]);
    expect(census.summary).toMatchObject({ employees_named: 3, lives_named: 4, complete: true });
    expect(census.policy.policy_number).toMatch(/^KVP\/2025\/\d{6}$/);
    expect(census.members.every((m: { e_card_status: string }) => m.e_card_status === "issued")).toBe(true);

    // A second confirm of the same check: the same answer, nothing saved twice.
    const again = await admin.post("/membership/census/confirm", { check_id: check.check_id });
    expect(again.status).toBe(200);
    expect(again.json.data.added).toBe(4);
    expect(again.json.data.census.total).toBe(4);

    const policy = (await admin.get("/membership/policy")).json.data;
    expect(policy).toMatchObject({
      policy_number: census.policy.policy_number,
      period: { from: "2025-06-02", to: "2026-06-01" },
      sample: true,
      plan_name: expect.any(String),
      sum_insured_basis: "family_floater",
    });
    const membership = (await admin.get("/membership")).json.data;
    expect(membership.census).toEqual({
      employees_bought: 3,
      employees_named: 3,
      lives_bought: 6,
      lives_named: 4,
      complete: true,
    });
    expect(membership.policy.policy_number).toBe(policy.policy_number);
    expect(membership.plan.sum_insured_basis).toBe("family_floater");

    const certificate = await admin.pdf("/membership/certificate/pdf");
    expect(certificate.type).toBe("application/pdf");
    const certText = pdfText(certificate.bytes);
    expect(certText).toContain("Certificate of Insurance");
    expect(certText).toContain(policy.policy_number);
    expect(certText).toContain(KARNATAKA);
    expect(certText).toContain(policy.insurer.irdai_registration_no);
    expect(certText).toContain("Sample data");
    expect(certText).toMatch(/INR [\d,]+ per family per year \(family floater\)/);
    expect(certText).toContain("2 June 2025 to 1 June 2026");

    const all = pdfText((await admin.pdf("/membership/e-cards/pdf")).bytes);
    for (const m of census.members) {
      expect(all).toContain(m.member_id);
      expect(all).toContain(m.full_name);
    }
    expect(all).toContain(policy.tpa.cashless_helpline);
    const gopal = census.members.find((m: { full_name: string }) => m.full_name === "Gopal Nair");
    const one = pdfText((await admin.pdf(`/membership/members/${gopal.member_id}/e-card/pdf`)).bytes);
    expect(one).toContain("Gopal Nair");
    expect(one).toContain("Spouse");
    expect(one).toContain("15 June 1984");
    expect(one).toContain(policy.policy_number);
    // Gopal's card alone, naming the employee whose cover it is (the primary insured).
    expect(one).not.toContain(census.members.find((m: { full_name: string }) => m.full_name === "Esha Nair").member_id);
    expect(one).toMatch(/Primary insured\s+Esha Nair \(employee code E3\)/);

    // The admin gets the certificate; each employee their family's e-cards.
    const adminMail = (await api.call("GET", "/api/sandbox/emails?to=ananya@fernleaf.example")).json.data;
    const certMail = adminMail.find((e: { subject: string }) => e.subject.includes(policy.policy_number));
    expect(certMail.attachments).toEqual([expect.objectContaining({ filename: "certificate-of-insurance.pdf" })]);
    const esha = await emailsTo(api, "e3@fernleaf.example", 1);
    expect(esha[0].text).toContain("2 cards");
    const attachment = await fetch(`${api.base}/dev/outbox/emails/${esha[0].id}/attachments/0`, {
      headers: OUTBOX_HEADERS,
    });
    const family = pdfText(Buffer.from(await attachment.arrayBuffer()));
    expect(family).toContain("Esha Nair");
    expect(family).toContain("Gopal Nair");
    expect(family).not.toContain("Asha Verma");
    await emailsTo(api, "e1@fernleaf.example", 1);

    // After issue the census is closed to changes.
    const late = await admin.post("/membership/census/members", { rows: [employee("E8", "Nina Roy", "1990-01-01")] });
    expect(late.status).toBe(409);
    expect(late.json.msg).toBe("The policy is issued; add joiners from Changes during the year");

    // No member's name or contact reaches the log.
    const logged = JSON.stringify(api.logs);
    for (const secret of ["Asha Verma", "Gopal Nair", "e3@fernleaf.example", "9876543210"]) {
      expect(logged).not.toContain(secret);
    }
  });

  it("skips the rows already saved when the same corrected file is uploaded again, and adds the rest", async () => {
    const admin = await paidAdmin();
    const first = numbered([employee("E1", "Asha Verma", "1995-01-10"), employee("E2", "Gopal Nair", "199x-02-02")]);
    const checked = (await admin.post("/membership/census/check", { rows: first })).json.data;
    expect({ ready: checked.ready_count, rejected: checked.rejected_count, skipped: checked.skipped }).toEqual({
      ready: 1,
      rejected: 1,
      skipped: [],
    });
    expect((await admin.post("/membership/census/confirm", { check_id: checked.check_id })).json.data.added).toBe(1);

    // The file again, E2's date fixed: Asha is no problem, only skipped, and E2 is ready.
    const fixed = numbered([employee("E1", "ASHA VERMA", "1995-01-10"), employee("E2", "Gopal Nair", "1994-02-02")]);
    const again = (await admin.post("/membership/census/check", { rows: fixed })).json.data;
    expect(again).toMatchObject({ ready_count: 1, rejected_count: 0, rejected: [] });
    expect(again.skipped).toEqual([
      { row_number: 2, column: "full_name", value: "ASHA VERMA", message: "Already added, skipped" },
    ]);
    expect((await admin.post("/membership/census/confirm", { check_id: again.check_id })).json.data.added).toBe(1);
    expect((await admin.get("/membership/census")).json.data.total).toBe(2);

    // The add-one form adds someone new: the same person again is refused there.
    const form = await admin.post("/membership/census/members", { rows: [employee("E1", "Asha Verma", "1995-01-10")] });
    expect(form.status).toBe(422);
    expect(form.json.data.rejected).toMatchObject([{ row_number: 1, message: "This person is already on the list" }]);
  });

  it("refuses the whole confirm when a ready row became invalid meanwhile, saving nothing", async () => {
    const admin = await paidAdmin();
    const a = (
      await admin.post("/membership/census/check", { rows: numbered([employee("E1", "Asha Verma", "1995-01-10")]) })
    ).json.data;
    const b = (
      await admin.post("/membership/census/check", {
        rows: numbered([employee("E1", "Asha V", "1995-01-10"), employee("E4", "Jaya Sen", "1994-09-18")]),
      })
    ).json.data;
    expect(b.ready_count).toBe(2);
    expect((await admin.post("/membership/census/confirm", { check_id: a.check_id })).json.data.added).toBe(1);
    const r = await admin.post("/membership/census/confirm", { check_id: b.check_id });
    expect(r.status).toBe(409);
    expect(r.json.data.rejected).toEqual([
      {
        row_number: 2,
        column: "employee_code",
        value: "E1",
        message: "An employee with this code is already on the list",
      },
    ]);
    expect((await admin.get("/membership/census")).json.data.total).toBe(1);
  });

  it("adds an employee and their family from the form, or nothing when a row needs fixing", async () => {
    const admin = await paidAdmin();
    const bad = await admin.post("/membership/census/members", {
      rows: [employee("E3", "Esha Nair", "1985-05-14"), dependant("E3", "Om Nair", "2012-01-01", "nephew")],
    });
    expect(bad.status).toBe(422);
    expect(bad.json.msg).toBe("Some rows need fixing");
    expect(bad.json.data.rejected).toEqual([
      {
        row_number: 2,
        column: "relationship",
        value: "nephew",
        message: "Relationship must be self, spouse, son or daughter",
      },
    ]);
    expect((await admin.get("/membership/census")).json.data.total).toBe(0);
    const good = await admin.post("/membership/census/members", {
      rows: [
        employee("E3", "एषा नायर", "1985-05-14", { mobile: "+91 98765 43210" }),
        dependant("E3", "Om Nair", "2012-01-01", "son"),
        dependant("E3", "Uma Nair", "2014-01-01", "daughter"),
      ],
    });
    expect(good.status).toBe(200);
    expect(good.json.data.added).toBe(3);
    const members = good.json.data.census.members;
    expect(members[0]).toMatchObject({
      member_id: expect.stringMatching(/^KVM-\d{6}$/),
      full_name: "एषा नायर",
      mobile: "9876543210",
      relationship: "self",
      band: "36-45",
      range: "2A+2C",
      e_card_status: "not_issued",
    });
    expect(good.json.data.census.summary.by_cover).toContainEqual(
      expect.objectContaining({ band: "36-45", range: "2A+2C", employees_named: 1, lives_named: 3, lives_bought: 4 }),
    );
    const third = await admin.post("/membership/census/members", {
      rows: [dependant("E3", "Ravi Nair", "2016-01-01", "son")],
    });
    expect(third.status).toBe(422);
    expect(third.json.data.rejected[0].message).toBe("Up to 2 children per employee");
    // The e-cards wait for the policy.
    expect((await admin.pdf(`/membership/members/${members[0].member_id}/e-card/pdf`)).status).toBe(404);
    expect((await admin.pdf("/membership/certificate/pdf")).status).toBe(404);
  });
});

describe("names in any script", () => {
  it("in Indian scripts print on the e-cards and read back from the PDF", async () => {
    const admin = await paidAdmin();
    const rows = numbered([
      employee("E1", "अनन्या शर्मा", "1995-01-10"),
      employee("E2", "கார்த்திக் ராஜா", "1994-09-18"),
      employee("E3", "Esha Nair", "1985-05-14"),
    ]);
    const check = (await admin.post("/membership/census/check", { rows })).json.data;
    expect(check.ready_count).toBe(3);
    const confirmed = await admin.post("/membership/census/confirm", { check_id: check.check_id });
    expect(confirmed.status).toBe(200);
    const squash = (s: string) => s.replace(/\s+/gu, " ");
    const cards = squash(pdfText((await admin.pdf("/membership/e-cards/pdf")).bytes));
    expect(cards).toContain("अनन्या शर्मा");
    expect(cards).toContain("கார்த்திக் ராஜா");
    expect(cards).toContain("Esha Nair");
    const hindi = confirmed.json.data.census.members.find((m: { full_name: string }) => m.full_name === "अनन्या शर्मा");
    const one = squash(pdfText((await admin.pdf(`/membership/members/${hindi.member_id}/e-card/pdf`)).bytes));
    expect(one).toContain("अनन्या शर्मा");
    expect(one).toContain("Employee (self)");
    expect(one).not.toContain("கார்த்திக்");
    // The certificate's schedule of members names them as typed too.
    const certificate = squash(pdfText((await admin.pdf("/membership/certificate/pdf")).bytes));
    expect(certificate).toContain("अनन्या शर्मा");
    expect(certificate).toContain("கார்த்திக் ராஜா");
  });

  it("in Latin with letters beyond Western European ones (ā, ś, Ł, ṇ) print whole on the e-cards", async () => {
    const admin = await paidAdmin();
    const rows = numbered([
      employee("E1", "Ānanya Śarmā", "1995-01-10"),
      employee("E2", "Łukasz Żółć", "1994-09-18"),
      employee("E3", "Zoë Ñuñez", "1985-05-14"),
      dependant("E3", "Kṛṣṇa Ñuñez", "1984-06-15", "spouse"),
    ]);
    const check = (await admin.post("/membership/census/check", { rows })).json.data;
    expect(check.ready_count).toBe(4);
    expect((await admin.post("/membership/census/confirm", { check_id: check.check_id })).status).toBe(200);
    const cards = pdfText((await admin.pdf("/membership/e-cards/pdf")).bytes);
    for (const name of ["Ānanya Śarmā", "Łukasz Żółć", "Zoë Ñuñez", "Kṛṣṇa Ñuñez"]) expect(cards).toContain(name);
  });
});

describe("another company's admin", () => {
  it("gets 404 for every member, check and document that is not theirs", async () => {
    const owner: Admin = await paidAdmin();
    const check = (
      await owner.post("/membership/census/check", {
        rows: numbered([
          employee("E1", "Asha Verma", "1995-01-10"),
          employee("E4", "Jaya Sen", "1994-09-18"),
          employee("E3", "Esha Nair", "1985-05-14"),
        ]),
      })
    ).json.data;
    const confirmed = (await owner.post("/membership/census/confirm", { check_id: check.check_id })).json.data;
    expect(confirmed.census.policy).not.toBeNull();
    const memberId = confirmed.census.members[0].member_id;

    const other = await paidAdmin(DELHI, "ravi@tanager.example");
    expect((await other.pdf(`/membership/members/${memberId}/e-card/pdf`)).status).toBe(404);
    expect((await other.pdf("/membership/e-cards/pdf")).status).toBe(404);
    expect((await other.pdf("/membership/certificate/pdf")).status).toBe(404);
    expect((await other.post("/membership/census/confirm", { check_id: check.check_id })).status).toBe(404);
    expect((await other.get("/membership/policy")).json.data).toBeNull();
    const census = (await other.get("/membership/census")).json.data;
    expect(census.total).toBe(0);
    expect(JSON.stringify(census)).not.toContain("Asha");
    // The owner's own unknown id answers the same 404.
    expect((await owner.pdf("/membership/members/KVM-999999/e-card/pdf")).status).toBe(404);

    // Signed in but not yet paid: no census at all.
    const unpaid = await api.login(String(nextMobile++));
    for (const path of ["/membership/census", "/membership/policy", "/membership/e-cards/pdf"]) {
      const r = await api.call("GET", `${V1}${path}`, { token: unpaid });
      expect(r.status, path).toBe(404);
      expect(r.json.msg).toBe("No paid membership");
    }
  });
});
