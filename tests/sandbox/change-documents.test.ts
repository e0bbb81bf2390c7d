import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path, { join } from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatInr } from "../../sandbox/billing/invoice-pdf";
import { splitTax } from "../../sandbox/billing/suppliers";
import { type TestApi, startApi } from "./helpers";
import { BANYAN, BLUEJAY, DAY, DELHI, KARNATAKA, KAVERI, SEZ, V1, joiner, leaver, paidTeam } from "./paid-membership";

const dir = mkdtempSync(join(tmpdir(), "kavach-change-docs-"));
let api: TestApi;

beforeEach(async () => {
  api = await startApi();
});
afterEach(async () => {
  await api.close();
});

function pdfText(bytes: Buffer): string {
  const file = join(dir, `read-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
}

describe("a removal's credit note", () => {
  // Paid 2 June 2025 (cover to 1 June 2026), today 25 June 2025; ₹150 a month, 10% yearly discount. Last day
  // 24 June: 342 days credited, 15,000 × 12 × 342/365 × 90% = 1,51,791.78 → 1,51,792 paise (docs/product.md).
  const regimes = [
    { name: "a Karnataka buyer", gstin: KARNATAKA, tax: ["CGST 9%", 13661, "SGST 9%", 13661], pos: "Karnataka (29)" },
    { name: "a Delhi buyer", gstin: DELHI, tax: ["IGST 18%", 27323], pos: "Delhi (07)" },
    { name: "an SEZ unit", gstin: SEZ, tax: [], pos: "Tamil Nadu (33)" },
  ];
  for (const r of regimes) {
    it(`reverses the tax at the purchase's rates to the paisa for ${r.name}`, async () => {
      const admin = await paidTeam(api, "yearly", r.gstin);
      const purchase = (await admin.get("/membership")).json.data.invoices[0];
      await admin.later(23 * DAY);
      const change = await admin.change(leaver("2025-06-24"));
      expect(change.credit_note).toEqual({ id: "SGC-25-26-000001", number: "SGC/25-26/000001" });

      const note = await admin.get(`/credit-notes/${change.credit_note.id}`);
      expect(note.status).toBe(200);
      const d = note.json.data;
      const tax = (r.tax.length === 0 ? [] : r.tax.length === 2 ? [r.tax] : [r.tax.slice(0, 2), r.tax.slice(2)]).map(
        ([label, paise]) => ({ label, paise }),
      );
      expect(d.tax_lines.map((t: { label: string; paise: number }) => ({ label: t.label, paise: t.paise }))).toEqual(
        tax,
      );
      const taxPaise = tax.reduce((s, t) => s + (t.paise as number), 0);
      expect(d).toMatchObject({
        number: "SGC/25-26/000001",
        date: "2025-06-25",
        original_invoice: { number: purchase.number, date: "2025-06-02" },
        taxable_paise: 151792,
        tax_paise: taxPaise,
        total_paise: 151792 + taxPaise,
        billing_period: { from: "2025-06-25", to: "2026-06-01" },
        zero_rated_note:
          r.gstin === SEZ
            ? "SUPPLY MEANT FOR EXPORT/SUPPLY TO SEZ UNIT OR SEZ DEVELOPER FOR AUTHORISED OPERATIONS UNDER BOND OR LETTER OF UNDERTAKING WITHOUT PAYMENT OF INTEGRATED TAX. LUT ARN AD290326004471K."
            : null,
        // The insurer's own credit note, in its own series of at most 16 characters, with the policy number.
        supplier: { name: "Suraksha General Insurance Company Limited", gstin: "29AAGCS5512K1Z2" },
        policy_number: (await admin.get("/membership")).json.data.policy.policy_number,
      });
      expect(d.number.length).toBeLessThanOrEqual(16);
      // The credit equals the change's priced credit, to the paisa.
      expect(d.total_paise).toBe(-change.price.total_paise);
      expect(d.lines.reduce((s: number, l: { taxable_paise: number }) => s + l.taxable_paise, 0)).toBe(151792);
      expect(d.reason).toContain("Resigned");

      const pdf = await admin.file(`/credit-notes/${change.credit_note.id}/pdf`);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get("cache-control")).toBe("private, no-store");
      expect(pdf.headers.get("content-disposition")).toBe('attachment; filename="SGC-25-26-000001.pdf"');
      const text = pdfText(pdf.bytes);
      for (const needle of [
        "Credit Note",
        "SGC/25-26/000001",
        `${purchase.number} dated 2 June 2025`,
        r.pos,
        "Resigned",
        "× 12 × 342/365 days",
        "1,517.92",
        `Credit note total (INR) ${((151792 + taxPaise) / 100).toLocaleString("en-IN", { minimumFractionDigits: 2 })}`,
      ])
        expect(text).toContain(needle);
      if (r.gstin === KARNATAKA) expect(text).toContain("CGST @ 9% 136.61");
      if (r.gstin === DELHI) expect(text).toContain("IGST @ 18% 273.23");
      expect(text).toContain(`Policy number: ${d.policy_number}`);
      if (r.gstin === SEZ)
        expect(text).toContain(
          "FOR AUTHORISED OPERATIONS UNDER BOND OR LETTER OF UNDERTAKING WITHOUT PAYMENT OF INTEGRATED TAX. LUT ARN AD290326004471K.",
        );
    });
  }

  it("is emailed to the admin with the PDF, and refunded into the cash deposit with the insurer", async () => {
    const admin = await paidTeam(api, "yearly", DELHI);
    const change = await admin.change(leaver("2025-06-02"));
    const mail = (await api.call("GET", `/api/sandbox/emails?to=${admin.adminEmail}`)).json.data;
    const sent = mail.find((e: { subject: string }) => e.subject.includes("SGC/25-26/000001"));
    expect(sent.attachments).toEqual([
      { position: 0, filename: "SGC-25-26-000001.pdf", content_type: "application/pdf", size: expect.any(Number) },
    ]);
    const statement = (await admin.get("/membership/changes")).json.data;
    expect(statement.statement[0].credit_note.number).toBe("SGC/25-26/000001");
    expect(statement.deposit).toMatchObject({ balance_paise: -change.price.total_paise });
    expect(statement.deposit.entries).toMatchObject([
      { kind: "refund", document: { kind: "credit_note", number: "SGC/25-26/000001" }, change_id: change.change_id },
    ]);
  });

  it("is seen only by its own admin: anyone else's id is not found", async () => {
    const mine = await paidTeam(api, "yearly");
    const theirs = await paidTeam(api, "yearly", BANYAN);
    const change = await mine.change(leaver("2025-06-02"));
    for (const p of [`/credit-notes/${change.credit_note.id}`, `/credit-notes/${change.credit_note.id}/pdf`]) {
      const answer = await theirs.get(p);
      expect({ status: answer.status, msg: answer.json.msg }).toEqual({
        status: 404,
        msg: "There is no such credit note.",
      });
    }
    expect((await theirs.get("/credit-notes/SGC-25-26-000009")).status).toBe(404);
  });

  it("is not issued for a monthly removal: the mandate's next charge falls instead", async () => {
    const admin = await paidTeam(api, "monthly");
    const change = await admin.change(leaver("2025-06-02"));
    expect(change).toMatchObject({ credit_note: null, invoice: null });
    expect((await admin.get("/membership/changes")).json.data.deposit.balance_paise).toBe(0);
  });
});

describe("a credit note after the Section 34 deadline", () => {
  it("is a financial credit note: the premium refunded, no GST adjusted, and it says so", async () => {
    // Paid 10 March 2026 (FY 2025-26; cover to 9 March 2027). The tax on that supply can be reduced only
    // until 30 November 2026.
    api.advance(281 * DAY);
    const admin = await paidTeam(api, "yearly", KARNATAKA);
    await admin.later(265 * DAY); // 30 November 2026: still in time
    const inTime = await admin.post("/membership/changes/quote", leaver("2026-11-29"));
    expect(inTime.json.data.change.price.tax_lines.map((t: { label: string }) => t.label)).toEqual([
      "CGST 9%",
      "SGST 9%",
    ]);
    await admin.later(5 * DAY); // 5 December 2026
    // Last day 1 December: 98 days given back. 15,000 × 12 × 98/365 × 90% = 43,495.89 → 43,496 paise.
    const change = await admin.change(leaver("2026-12-01"));
    expect(change.price).toMatchObject({ days: 98, premium_paise: -43496, tax_lines: [], total_paise: -43496 });
    expect(change.price.no_gst_reason).toBe(
      "Financial credit note without GST: the tax on a supply invoiced in FY 2025-26 can be reduced only until 30 November 2026 (CGST Act s.34(2)), so the premium is refunded and no GST is adjusted.",
    );
    const d = (await admin.get(`/credit-notes/${change.credit_note.id}`)).json.data;
    expect(d).toMatchObject({ number: "SGC/26-27/000001", taxable_paise: 43496, tax_paise: 0, total_paise: 43496 });
    expect(d.tax_lines).toEqual([]);
    const text = pdfText((await admin.file(`/credit-notes/${change.credit_note.id}/pdf`)).bytes);
    expect(text).toContain("GST adjusted: none 0.00");
    expect(text).toContain("can be reduced only until 30 November 2026 (CGST Act s.34(2))");
    expect(text).toContain("A financial credit note, issued against invoice SG/25-26/000001");
    expect(text).not.toContain("CGST @");
  });
});

describe("amounts on documents", () => {
  it("prints negative and zero amounts with the sign in front and two decimals", () => {
    expect(formatInr(-156517)).toBe("-1,565.17");
    expect(formatInr(-17)).toBe("-0.17");
    expect(formatInr(0)).toBe("0.00");
    expect(formatInr(12345678901)).toBe("12,34,56,789.01");
  });

  it("splits the tax charged across the suppliers' documents to the paisa, each within a paisa of its rate", () => {
    const cases = [
      {
        taxables: [190200, 120000, 34300],
        lines: [
          ["CGST 9%", 900],
          ["SGST 9%", 900],
        ],
      },
      { taxables: [1, 1, 1], lines: [["IGST 18%", 1800]] },
      // 10,000 employees a year: products past 2^53 paise stay exact.
      { taxables: [1_620_000_000_01, 777_777_777, 3], lines: [["IGST 18%", 1800]] },
    ] as const;
    for (const c of cases) {
      const whole = c.taxables.reduce((a, b) => a + b, 0);
      const charged = c.lines.map(([label, rate_bp]) => ({
        label,
        rate_bp,
        paise: Math.round((whole * rate_bp) / 10_000),
      }));
      const split = splitTax(charged, c.taxables);
      charged.forEach((line, i) => {
        expect(split.reduce((sum, doc) => sum + doc[i]!.paise, 0)).toBe(line.paise);
        split.forEach((doc, d) =>
          expect(Math.abs(doc[i]!.paise - (c.taxables[d]! * line.rate_bp) / 10_000)).toBeLessThanOrEqual(1),
        );
      });
    }
  });
});

describe("an addition's tax invoice", () => {
  it("is in the purchase's series, names the joiner's band, cover and pro-rata days, and is paid from the cash deposit", async () => {
    const admin = await paidTeam(api, "yearly");
    const removal = await admin.change(leaver("2025-06-02"));
    const credit = -removal.price.total_paise;
    await admin.later(18 * DAY); // 20 June 2025
    const change = await admin.change(joiner("2025-06-20"));
    expect(change.invoice).toEqual({ id: "SG-25-26-000002", number: "SG/25-26/000002" });
    const inv = (await admin.get(`/invoices/${change.invoice.id}`)).json.data;
    expect(inv).toMatchObject({
      number: "SG/25-26/000002",
      taxable_paise: 154011,
      tax_lines: [
        { label: "CGST 9%", paise: 13861 },
        { label: "SGST 9%", paise: 13861 },
      ],
      total_paise: 181733,
      billing_period: { from: "2025-06-20", to: "2026-06-01" },
      change: {
        employee_code: "E-9",
        band_label: "18–35 years",
        // The removal from 2 June refunded 364 days into the deposit, more than the joiner's 347: it pays.
        credit_applied_paise: 181733,
        amount_due_paise: 0,
      },
      payment_id: "Paid from your cash deposit with Suraksha General Insurance Company Limited",
    });
    const text = pdfText((await admin.file(`/invoices/${change.invoice.id}/pdf`)).bytes);
    expect(text).toContain("Addition during the year: employee E-9, 18–35 years");
    expect(text).toContain("× 12 × 347/365 days (20 June 2025 to 1 June 2026) less the 10% yearly discount");
    expect(text).toContain("Paid from cash deposit - 1,817.33");
    expect((await admin.get("/membership/changes")).json.data.deposit.balance_paise).toBe(credit - 181733);
    const listed = (await admin.get("/membership")).json.data.invoices.map((i: { number: string }) => i.number);
    expect(listed).toEqual(["SG/25-26/000001", "SG/25-26/000002"]);
  });

  it("is issued when a monthly addition pays its part-month, for the days to the next charge", async () => {
    const admin = await paidTeam(api, "monthly", DELHI);
    await admin.later(10 * DAY); // 12 June 2025: 20 of the month's 30 days are left before the 2 July charge
    const change = await admin.change(joiner("2025-06-12"));
    const [made] = (await admin.get("/membership/changes")).json.data.statement;
    const inv = (await admin.get(`/invoices/${made.invoices[0].id}`)).json.data;
    // 15,000 × 20/30 = 10,000 paise, IGST 1,800: paid at once, the mandate's charges grow from 2 July.
    expect(inv).toMatchObject({
      taxable_paise: 10000,
      tax_lines: [{ label: "IGST 18%", paise: 1800 }],
      total_paise: 11800,
      billing_period: { from: "2025-06-12", to: "2025-07-01" },
    });
    expect(inv.payment_id).toMatch(/^pay_/);
    expect(change.price).toMatchObject({ starts_on: "2025-07-02", total_paise: 17700 });
    const text = pdfText((await admin.file(`/invoices/${made.invoices[0].id}/pdf`)).bytes);
    expect(text).toContain("INR 150.00 a month × 20/30 days (12 June 2025 to 1 July 2025), paid now");
  });
});

describe("e-cards after a change", () => {
  it("issues a joiner's e-card once their addition is paid, and emails it to them", async () => {
    const admin = await paidTeam(api, "yearly");
    await admin.later(18 * DAY);
    await admin.change(joiner("2025-06-20"));
    const census = (await admin.get("/membership/census")).json.data.members;
    const joined = census.find((m: { employee_code: string }) => m.employee_code === "E-9");
    expect(joined).toMatchObject({ full_name: "Joiner E-9", e_card_status: "issued" });
    const card = pdfText((await admin.file(`/membership/members/${joined.member_id}/e-card/pdf`)).bytes);
    expect(card).toContain("Joiner E-9");
    expect(card).toContain(joined.member_id);
    await expect
      .poll(async () => (await api.call("GET", "/api/sandbox/emails?to=e-9@fernleaf.example")).json.data.length)
      .toBe(1);
  });

  it("says a leaver's cover ended and leaves their card out of the active cards", async () => {
    const admin = await paidTeam(api, "yearly");
    await admin.later(5 * DAY);
    await admin.change(leaver("2025-06-05"));
    const census = (await admin.get("/membership/census")).json.data.members;
    const gone = census.find((m: { employee_code: string }) => m.employee_code === "E-1");
    expect(gone.cover_ended_on).toBe("2025-06-05");
    const card = pdfText((await admin.file(`/membership/members/${gone.member_id}/e-card/pdf`)).bytes);
    expect(card).toContain("Cover ended on 5 June 2025");
    const all = pdfText((await admin.file("/membership/e-cards/pdf")).bytes);
    expect(all).not.toContain(gone.member_id);
    expect(all).toContain(census.find((m: { employee_code: string }) => m.employee_code === "E-2").member_id);
  });
});

describe("credit note numbers under concurrent confirms on two workers", () => {
  it("are consecutive, gap-free and unique", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "kavach-cn-")), "api.sqlite");
    await api.close();
    // Real time: the two workers below run on the system clock.
    api = await startApi({ databasePath: file, now: Date.now });
    const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
    const jobs: { token: string; change_id: string }[] = [];
    for (let i = 0; i < 6; i += 1) {
      const admin = await paidTeam(api, "yearly", [KARNATAKA, DELHI, SEZ, BANYAN, BLUEJAY, KAVERI][i]);
      for (const code of ["E-1"]) {
        const quoted = await admin.post("/membership/changes/quote", leaver(today, code));
        expect(quoted.status).toBe(200);
        jobs.push({ token: admin.token(), change_id: quoted.json.data.change.change_id });
      }
    }
    const at = Date.now() + 3000;
    const script = (order: typeof jobs) => `
      import express from "express";
      import { createEmbeddedApi } from "./sandbox/index.ts";
      const api = createEmbeddedApi({ databasePath: ${JSON.stringify(file)}, mountPath: "/api", gatewayKeySecret: "test", log: () => undefined });
      const app = express();
      app.use("/api", api.router);
      const server = app.listen(0, "127.0.0.1");
      await new Promise((resolve) => server.once("listening", resolve));
      const base = "http://127.0.0.1:" + server.address().port + "${V1}";
      await new Promise((resolve) => setTimeout(resolve, ${at} - Date.now()));
      const statuses = await Promise.all(${JSON.stringify(order)}.map(async (j) =>
        (await fetch(base + "/membership/changes/" + j.change_id + "/confirm", {
          method: "POST", headers: { authorization: "Bearer " + j.token, "content-type": "application/json" }, body: "{}",
        })).status));
      server.close();
      api.close();
      console.log(JSON.stringify(statuses));
    `;
    const run = promisify(execFile);
    const root = path.resolve(import.meta.dirname, "../..");
    // Both workers confirm every change, in opposite orders.
    const outs = await Promise.all(
      [jobs, [...jobs].reverse()].map((order) =>
        run(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script(order)], { cwd: root }),
      ),
    );
    for (const out of outs) expect(JSON.parse(out.stdout)).toEqual(jobs.map(() => 200));
    const db = new Database(file, { readonly: true });
    const seqs = db.prepare("SELECT seq FROM credit_notes ORDER BY seq").pluck().all();
    const changes = new Set(db.prepare("SELECT change_id FROM credit_notes").pluck().all());
    db.close();
    expect(seqs).toEqual([1, 2, 3, 4, 5, 6]);
    expect(changes.size).toBe(6);
  }, 60_000);
});
