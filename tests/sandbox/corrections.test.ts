// Self-serve corrections (docs/product.md, Corrections; decision 0057): what the embedded API enforces
// whoever asks.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TestApi, emailsTo, startApi } from "./helpers";
import { DAY, paidTeam } from "./paid-membership";

let api: TestApi;

beforeEach(async () => {
  api = await startApi();
});
afterEach(async () => {
  await api.close();
});

type Team = Awaited<ReturnType<typeof paidTeam>>;
const memberNamed = async (team: Team, name: string) => {
  const census = (await team.get("/membership/census")).json.data as {
    members: { member_id: string; full_name: string; date_of_birth: string; band: string; email: string | null }[];
  };
  return census.members.find((m) => m.full_name === name)!;
};

describe("correcting a member's details", () => {
  it("saves a name at once, records it for the statement as an endorsement and emails the employee new e-cards", async () => {
    const team = await paidTeam(api, "yearly", undefined, { withSpouse: true });
    const spouse = await memberNamed(team, "Spouse of E-3");
    const r = await team.post(`/membership/members/${spouse.member_id}/correction`, { full_name: "Rohan Mehta" });
    expect(r.status).toBe(200);
    expect(r.json.data.member).toMatchObject({ full_name: "Rohan Mehta", date_of_birth: "1994-05-06" });
    const { correction } = r.json.data;
    expect(correction).toMatchObject({ employee_code: "E-3", relationship: "spouse", fields: ["full_name"] });
    expect(correction.endorsement_number).toMatch(/\/E001$/);
    const listed = (await team.get("/membership/corrections")).json.data.corrections;
    expect(listed).toEqual([correction]);
    // The census shows the corrected name, and the employee has their family's cards issued again.
    expect(await memberNamed(team, "Rohan Mehta")).toBeDefined();
    const employee = await memberNamed(team, "Employee E-3");
    const emails = await emailsTo(api, employee.email!, 2);
    const latest = emails.find((e) => e.subject.startsWith("Your details are corrected"))!;
    expect(latest.text).toContain("has corrected Rohan Mehta's name");
    expect(latest.text).toContain("Your e-cards are issued again");
    // The next change's endorsement follows in the same series.
    const leaver = await team.change({
      kind: "remove",
      employee_code: "E-1",
      effective_date: "2025-06-10",
      reason: "Resigned",
    });
    expect(leaver.status).toBe("confirmed");
    const certificate = await team.file("/membership/certificate/pdf");
    const file = join(mkdtempSync(join(tmpdir(), "certificate-")), "certificate.pdf");
    writeFileSync(file, certificate.bytes);
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
    const number = correction.endorsement_number as string;
    expect(text).toContain(`${number} `);
    expect(text).toContain("Correction: spouse of employee E-3's name");
    expect(text).toContain(`${number.replace(/E001$/, "E002")} `);
    // Two e-card PDFs drawn in a worker and a certificate: slow on a busy machine.
  }, 60_000);

  it("saves a date of birth in the same band and refuses one that moves the band or leaves the plan's ages", async () => {
    const team = await paidTeam(api, "yearly");
    const e1 = await memberNamed(team, "Employee E-1");
    const same = await team.post(`/membership/members/${e1.member_id}/correction`, { date_of_birth: "1996-02-03" });
    expect(same.status).toBe(200);
    expect(same.json.data.correction.fields).toEqual(["date_of_birth"]);

    const moved = await team.post(`/membership/members/${e1.member_id}/correction`, { date_of_birth: "1985-01-01" });
    expect(moved.status).toBe(422);
    expect(moved.json.data.rejected[0]).toMatchObject({
      column: "date_of_birth",
      message: expect.stringContaining("Aged 40 on 2 June 2025: that moves them from the 18–35 years band"),
    });

    const tooOld = await team.post(`/membership/members/${e1.member_id}/correction`, { date_of_birth: "1950-01-01" });
    expect(tooOld.status).toBe(422);
    expect(tooOld.json.data.rejected[0].message).toBe("Aged 75 on 2 June 2025: cover is for employees aged 18 to 65");
    // Neither refusal changed anything.
    expect((await memberNamed(team, "Employee E-1")).date_of_birth).toBe("1996-02-03");
    expect((await team.get("/membership/corrections")).json.data.corrections).toHaveLength(1);
  });

  it("refuses another company's member as not found, and a correction that changes nothing", async () => {
    const ours = await paidTeam(api, "yearly");
    const theirs = await paidTeam(api, "yearly");
    const them = await memberNamed(theirs, "Employee E-1");
    const r = await ours.post(`/membership/members/${them.member_id}/correction`, { full_name: "Someone Else" });
    expect(r.status).toBe(404);
    expect((await memberNamed(theirs, "Employee E-1")).full_name).toBe("Employee E-1");
    const me = await memberNamed(ours, "Employee E-1");
    const none = await ours.post(`/membership/members/${me.member_id}/correction`, { full_name: "Employee E-1" });
    expect(none.status).toBe(422);
    const bad = await ours.post(`/membership/members/${me.member_id}/correction`, { email: "not-an-email" });
    expect(bad.status).toBe(422);
    expect(bad.json.data.rejected[0]).toMatchObject({ column: "email", message: "Enter a valid email address" });
    // Once the cover has ended its papers stand as they were.
    await ours.later(366 * DAY);
    const late = await ours.post(`/membership/members/${me.member_id}/correction`, { full_name: "Asha Verma" });
    expect(late.status).toBe(409);
    expect(late.json.msg).toBe("The cover ended on 1 June 2026: its members' details are no longer corrected.");
  });
});
