// The policy's papers read back as a policyholder, a hospital desk and a leaver would (docs/product.md, The
// policy's papers; decision 0038): the certificate with its Customer Information Sheet, endorsements and
// member schedule, a dependant's e-card, and the emails a confirmed change sends.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TestApi, startApi } from "./helpers";
import { DAY, joiner, leaver, paidTeam } from "./paid-membership";
import { OUTBOX_HEADERS } from "../support/outbox";

const dir = mkdtempSync(join(tmpdir(), "kavach-papers-"));
let api: TestApi;

beforeEach(async () => {
  api = await startApi();
});
afterEach(async () => {
  await api.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * The PDF's text as pdftotext reads it in the order it was drawn (a table cell by cell, a wrapped value
 * whole), each run of spaces and line breaks made one space.
 */
function pdfText(bytes: Buffer, pages: string[] = []): string {
  const file = join(dir, `read-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync("pdftotext", ["-raw", ...pages, file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
}

function pageCount(bytes: Buffer): number {
  const file = join(dir, `pages-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file], { encoding: "utf8" }))![1]);
}

const UIN = "SURHLGP26001V012526";

async function emailsTo(address: string) {
  return (await api.call("GET", `/api/sandbox/emails?to=${encodeURIComponent(address)}`)).json.data as {
    id: string;
    subject: string;
    text: string;
    attachments: { filename: string }[];
  }[];
}

async function attachmentText(emailId: string): Promise<string> {
  const res = await fetch(`${api.base}/dev/outbox/emails/${emailId}/attachments/0`, { headers: OUTBOX_HEADERS });
  return pdfText(Buffer.from(await res.arrayBuffer()));
}

describe("the certificate of insurance", () => {
  it("names the product and UIN, the premium and GST, the wording, the complaint routes and every member, with a one-page CIS", async () => {
    const admin = await paidTeam(api, "yearly", undefined, { withSpouse: true });
    const bytes = (await admin.file("/membership/certificate/pdf")).bytes;
    const text = pdfText(bytes);
    expect(text).toContain("Certificate of Insurance");
    expect(text).toContain(`Suraksha Group Health Insurance, UIN ${UIN} - Sample data`);

    // The premium is the invoice's health-insurance line, with GST at the purchase's rates on it.
    const invoiceId = (await admin.get("/membership")).json.data.invoices[0].id;
    const invoice = (await admin.get(`/invoices/${invoiceId}`)).json.data;
    const health = invoice.lines.find((l: { sac: string }) => l.sac === "997133").taxable_paise;
    const rupees = (paise: number) =>
      `INR ${(paise / 100).toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    const half = Math.round((health * 900) / 10_000);
    expect(text).toContain(`Premium ${rupees(health)} for the policy year (after the 10% yearly discount)`);
    expect(text).toContain(`GST CGST 9% ${rupees(half)} + SGST 9% ${rupees(half)}`);
    expect(text).toContain(`Premium with GST ${rupees(health + 2 * half)}, on tax invoice ${invoice.number}`);

    // Who stands behind it, and where the terms and complaints go.
    expect(text).toContain("TPA (claims) Sahayak Health TPA Private Limited (IRDAI Reg. No. 058)");
    expect(text).toContain(`Policy wording https://kavach.example/api/sandbox/policy-wording/${UIN}`);
    expect(text).toContain("Grievance Redressal Officer");
    expect(text).toContain("grievance@suraksha-insurance.example");
    expect(text).toContain("https://bimabharosa.irdai.gov.in");
    expect(text).toContain("https://www.cioins.co.in");
    expect(text).toContain("Endorsements None: the members are as the policy was issued.");

    // The Customer Information Sheet: one page, in plain words.
    const pages = pageCount(bytes);
    expect(pages).toBe(3);
    const cis = pdfText(bytes, ["-f", "2", "-l", "2"]);
    for (const topic of [
      "Customer Information Sheet",
      "What is covered",
      "Waiting periods None.",
      "Main exclusions",
      "Cashless claim",
      "Reimbursement claim",
      "Complaints",
    ]) {
      expect(cis).toContain(topic);
    }
    expect(cis).toContain("Tell the TPA within 24 hours of an emergency admission");
    expect(cis).toContain("Within 30 days of discharge");
    expect(cis).toContain("Room rent up to 1% of the sum insured a day");

    // The schedule of members: each person, with their gender and cover dates.
    expect(text).toMatch(/E-3 KVM-\d+ Spouse of E-3 Spouse Male 6 May 1994 2 Jun 2025 1 Jun 2026/);
    expect(text).toMatch(/E-1 KVM-\d+ Employee E-1 Employee \(self\) Female 1 Jan 1995 2 Jun 2025 1 Jun 2026/);
    expect(text).toContain("Members covered on 2 June 2025");
  });

  it("links to a policy wording the sandbox serves at a stable address", async () => {
    const wording = await fetch(`${api.base}/api/sandbox/policy-wording/${UIN}`);
    expect(wording.status).toBe(200);
    expect(wording.headers.get("content-type")).toContain("text/html");
    const html = await wording.text();
    expect(html).toContain("Suraksha Group Health Insurance: policy wording");
    expect(html).toContain(UIN);
    expect(html).toContain("Sample policy wording");
    expect(html).toContain("What is not covered");
    expect((await fetch(`${api.base}/api/sandbox/policy-wording/SURHLGP26001V022627`)).status).toBe(404);
  });

  it("is issued again with each confirmed change, listing it as a numbered endorsement, and emailed to the admin", async () => {
    const admin = await paidTeam(api, "yearly", undefined, { withSpouse: true });
    const policyNumber = (await admin.get("/membership/policy")).json.data.policy_number;
    const issued = (await emailsTo(admin.adminEmail)).length;

    await admin.later(5 * DAY); // 7 June 2025
    await admin.change(leaver("2025-06-05"));
    const mail = await emailsTo(admin.adminEmail);
    expect(mail).toHaveLength(issued + 2); // the credit note and the certificate
    const reissued = mail.find((e) => e.subject.includes(`${policyNumber}/E001`))!;
    expect(reissued.subject).toBe(`Certificate of insurance issued again: endorsement ${policyNumber}/E001`);
    expect(reissued.attachments).toEqual([expect.objectContaining({ filename: "certificate-of-insurance.pdf" })]);
    expect(reissued.text).toContain("effective 5 June 2025");
    const first = await attachmentText(reissued.id);
    expect(first).toContain(`Issued again 7 June 2025, with endorsement ${policyNumber}/E001`);
    expect(first).toMatch(
      new RegExp(
        `${policyNumber}/E001 5 June 2025 Deletion: employee E-1 \\(Employee E-1\\) left; last day of cover 5 June 2025 Credit INR [\\d,.]+ \\+ GST INR [\\d,.]+ \\(361 days\\)`,
      ),
    );
    // The member schedule as of today: the leaver with their last day, the others to the policy's end.
    expect(first).toMatch(
      /E-1 KVM-\d+ Employee E-1 Employee \(self\) Female 1 Jan 1995 2 Jun 2025 5 Jun 2025 \(left\)/,
    );
    expect(first).toContain("Members covered on 7 June 2025");
    expect(first).toMatch(/Total 2 3/);

    await admin.later(1 * DAY); // 8 June 2025
    await admin.change(joiner("2025-06-08"));
    const second = (await emailsTo(admin.adminEmail)).find((e) => e.subject.includes(`${policyNumber}/E002`))!;
    const text = await attachmentText(second.id);
    expect(text).toContain(`${policyNumber}/E001 5 June 2025 Deletion: employee E-1`);
    expect(text).toMatch(
      new RegExp(
        `${policyNumber}/E002 8 June 2025 Addition: employee E-9 joined \\(Joiner E-9\\); 18–35 years, Employee only; covered from 8 June 2025 Charge INR [\\d,.]+ \\+ GST INR [\\d,.]+ \\(359 days\\)`,
      ),
    );
    expect(text).toMatch(/E-9 KVM-\d+ Joiner E-9 Employee \(self\) Male 1 Mar 1996 8 Jun 2025 1 Jun 2026/);
    // The certificate downloaded now is the same one.
    expect(pdfText((await admin.file("/membership/certificate/pdf")).bytes)).toContain(
      `Issued again 8 June 2025, with endorsement ${policyNumber}/E002`,
    );
  });
});

describe("a cancelled mandate", () => {
  it("ends the cover on the certificate and the e-cards at its real end date", async () => {
    const admin = await paidTeam(api, "monthly", undefined, { withSpouse: true });
    await admin.later(10 * DAY); // 12 June 2025
    expect((await admin.post("/membership/mandate/cancel", {})).status).toBe(200);
    const certificate = pdfText((await admin.file("/membership/certificate/pdf")).bytes);
    expect(certificate).toContain(
      "Policy period 2 June 2025 to 1 July 2025 (ended early: the mandate was cancelled on 12 June 2025)",
    );
    expect(certificate).toMatch(/E-2 KVM-\d+ Employee E-2 Employee \(self\) Female 1 Jan 1995 2 Jun 2025 1 Jul 2025/);
    const cards = pdfText((await admin.file("/membership/e-cards/pdf")).bytes);
    expect(cards).toContain("Valid 2 June 2025 to 1 July 2025");
    expect(cards).not.toContain("1 June 2026");
    // No one joins a cover no charge will ever pay for: a joiner or a newborn is refused with the reason.
    const refusal =
      "The monthly mandate was cancelled on 12 June 2025: the cover ends on 1 July 2025 and no one can be added to it.";
    const added = await admin.post("/membership/changes/quote", joiner("2025-06-12"));
    expect({ status: added.status, msg: added.json.msg }).toEqual({ status: 409, msg: refusal });
    const born = await admin.post("/membership/changes/quote", {
      kind: "family",
      employee_code: "E-1",
      event: "birth",
      effective_date: "2025-06-12",
      member: { full_name: "Baby", gender: "male", date_of_birth: "2025-06-12", relationship: "son" },
    });
    expect({ status: born.status, msg: born.json.msg }).toEqual({ status: 409, msg: refusal });
    expect(await emailsTo("e-9@fernleaf.example")).toEqual([]);
  });
});

describe("the end of the cover", () => {
  it("is said as ended after its last day, whatever the billing: a yearly year's end and a cancelled mandate's", async () => {
    const yearly = await paidTeam(api, "yearly");
    const monthly = await paidTeam(api, "monthly");
    expect((await monthly.post("/membership/mandate/cancel", {})).status).toBe(200); // cover ends 1 July 2025
    const state = async (admin: typeof yearly) => {
      const m = (await admin.get("/membership")).json.data;
      return [m.cover_end_date, m.cover_status];
    };
    // On its last day the cover is still in force.
    await monthly.later(29 * DAY); // 1 July 2025
    expect(await state(monthly)).toEqual(["2025-07-01", "in_force"]);
    await monthly.later(1 * DAY); // 2 July 2025
    expect(await state(monthly)).toEqual(["2025-07-01", "ended"]);
    await yearly.later(0); // signed in again on the shared clock
    expect(await state(yearly)).toEqual(["2026-06-01", "in_force"]);
    await yearly.later(335 * DAY); // 2 June 2026
    expect(await state(yearly)).toEqual(["2026-06-01", "ended"]);
  });
});

describe("a dependant's e-card", () => {
  it("carries what a hospital desk asks for: the primary insured, gender, the TPA and the cashless steps", async () => {
    const admin = await paidTeam(api, "yearly", undefined, { withSpouse: true });
    const members = (await admin.get("/membership/census")).json.data.members;
    const spouse = members.find((m: { full_name: string }) => m.full_name === "Spouse of E-3");
    const card = pdfText((await admin.file(`/membership/members/${spouse.member_id}/e-card/pdf`)).bytes);
    expect(card).toContain("Spouse of E-3");
    expect(card).toContain("Relationship Spouse");
    expect(card).toContain("Gender Male");
    expect(card).toContain("Primary insured Employee E-3 (employee code E-3)");
    expect(card).toContain("TPA Sahayak Health TPA Private Limited (IRDAI Reg. No. 058)");
    expect(card).toContain("Cashless helpline 1800 120 0000 (24 hours), cashless@sahayak-tpa.example");
    for (const step of [
      "1. Go to a network hospital",
      "2. Show the e-card and a photo ID",
      "3. The hospital asks the TPA for pre-authorisation",
      "4. Tell the TPA within 24 hours of an emergency admission",
    ]) {
      expect(card).toContain(step);
    }
    expect(card).toContain("Network hospitals: https://kavach.example/hospitals (the sample TPA's list)");
    expect(card).toContain("grievance@suraksha-insurance.example");
    expect(card).toContain("Bima Bharosa, https://bimabharosa.irdai.gov.in");
    expect(card).toContain("Insurance Ombudsman: https://www.cioins.co.in");
    expect(card).toContain("Sample data");
    expect(pageCount((await admin.file(`/membership/members/${spouse.member_id}/e-card/pdf`)).bytes)).toBe(1);
  });
});

describe("a leaver", () => {
  it("is emailed the day their cover ends once the removal is confirmed", async () => {
    const admin = await paidTeam(api, "monthly", undefined, { withSpouse: true });
    await admin.later(3 * DAY); // 5 June 2025
    const change = await admin.change(leaver("2025-06-20", "E-3"));
    // Confirmed again (a double click, another tab): nothing is sent twice.
    expect((await admin.post(`/membership/changes/${change.change_id}/confirm`, {})).status).toBe(200);
    const address = `e-3-${admin.mobileNo}@fernleaf.example`;
    const mail = (await emailsTo(address)).filter((e) => e.subject.includes("cover ends"));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toMatch(/^Your health cover ends on 20 June 2025: policy KVP\/2025\/\d{6}$/);
    expect(mail[0]!.text).toContain(
      "ends on 20 June 2025, your last day with the policy; so does the cover of Spouse of E-3",
    );
    expect(mail[0]!.text).toContain("your e-cards are not valid after that day");
    // Like every email to an employee, it says how their details are used (docs/decisions/0039).
    expect(mail[0]!.text).toContain("How your details are used:");
    // A monthly removal has no credit note, yet the certificate is issued again all the same.
    expect(
      (await emailsTo(admin.adminEmail)).filter((e) => e.subject.startsWith("Certificate of insurance issued again")),
    ).toHaveLength(1);
    // No name or address reaches the log.
    const logged = JSON.stringify(api.logs);
    expect(logged).not.toContain(address);
    expect(logged).not.toContain("Spouse of E-3");
  });
});
