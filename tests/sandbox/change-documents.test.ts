import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path, { join } from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
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
      expect(change.credit_note).toEqual({ id: "KV-CN-25-26-000001", number: "KV/CN/25-26/000001" });

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
        number: "KV/CN/25-26/000001",
        date: "2025-06-25",
        original_invoice: { number: purchase.number, date: "2025-06-02" },
        taxable_paise: 151792,
        tax_paise: taxPaise,
        total_paise: 151792 + taxPaise,
        billing_period: { from: "2025-06-25", to: "2026-06-01" },
        zero_rated_note: r.gstin === SEZ ? "Supply meant for SEZ unit under LUT without payment of IGST." : null,
      });
      // The credit equals the change's priced credit, to the paisa.
      expect(d.total_paise).toBe(-change.price.total_paise);
      expect(d.lines.reduce((s: number, l: { taxable_paise: number }) => s + l.taxable_paise, 0)).toBe(151792);
      expect(d.reason).toContain("Resigned");

      const pdf = await admin.file(`/credit-notes/${change.credit_note.id}/pdf`);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get("cache-control")).toBe("private, no-store");
      expect(pdf.headers.get("content-disposition")).toBe('attachment; filename="KV-CN-25-26-000001.pdf"');
      const text = pdfText(pdf.bytes);
      for (const needle of [
        "Credit Note",
        "KV/CN/25-26/000001",
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
    });
  }

  it("is emailed to the admin with the PDF, and kept as a credit on the statement", async () => {
    const admin = await paidTeam(api, "yearly", DELHI);
    const change = await admin.change(leaver("2025-06-02"));
    const mail = (await api.call("GET", `/api/sandbox/emails?to=${admin.adminEmail}`)).json.data;
    const sent = mail.find((e: { subject: string }) => e.subject.includes("KV/CN/25-26/000001"));
    expect(sent.attachments).toEqual([
      { position: 0, filename: "KV-CN-25-26-000001.pdf", content_type: "application/pdf", size: expect.any(Number) },
    ]);
    const statement = (await admin.get("/membership/changes")).json.data;
    expect(statement.statement[0].credit_note.number).toBe("KV/CN/25-26/000001");
    expect(statement.credit).toMatchObject({ balance_paise: -change.price.total_paise, refund_due_paise: 0 });
  });

  it("is refunded on request once: the balance becomes a refund due", async () => {
    const admin = await paidTeam(api, "yearly");
    const change = await admin.change(leaver("2025-06-02"));
    const refund = await admin.post("/membership/credits/refund", {});
    expect(refund.status).toBe(200);
    expect(refund.json.data).toMatchObject({
      refund_due_paise: -change.price.total_paise,
      credit: { balance_paise: 0, refund_due_paise: -change.price.total_paise },
    });
    const again = await admin.post("/membership/credits/refund", {});
    expect({ status: again.status, msg: again.json.msg }).toEqual({
      status: 409,
      msg: "There is no credit to refund.",
    });
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
    expect((await theirs.get("/credit-notes/KV-CN-25-26-000009")).status).toBe(404);
  });

  it("is not issued for a monthly removal: the mandate's next charge falls instead", async () => {
    const admin = await paidTeam(api, "monthly");
    const change = await admin.change(leaver("2025-06-02"));
    expect(change).toMatchObject({ credit_note: null, invoice: null });
    expect((await admin.get("/membership/changes")).json.data.credit.balance_paise).toBe(0);
  });
});

describe("an addition's tax invoice", () => {
  it("is in the purchase's series, names the joiner's band, cover and pro-rata days, and uses the credit first", async () => {
    const admin = await paidTeam(api, "yearly");
    const removal = await admin.change(leaver("2025-06-02"));
    const credit = -removal.price.total_paise;
    await admin.later(18 * DAY); // 20 June 2025
    const change = await admin.change(joiner("2025-06-20"));
    expect(change.invoice).toEqual({ id: "KV-25-26-000002", number: "KV/25-26/000002" });
    const inv = (await admin.get(`/invoices/${change.invoice.id}`)).json.data;
    expect(inv).toMatchObject({
      number: "KV/25-26/000002",
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
        // The removal from 2 June credited 364 days, more than the joiner's 347: the invoice is paid from it.
        credit_applied_paise: 181733,
        amount_due_paise: 0,
      },
      payment_id: "Paid from the membership's credit",
    });
    const text = pdfText((await admin.file(`/invoices/${change.invoice.id}/pdf`)).bytes);
    expect(text).toContain("Addition during the year: employee E-9, 18–35 years");
    expect(text).toContain("× 12 × 347/365 days (20 June 2025 to 1 June 2026) less the 10% yearly discount");
    expect(text).toContain("Credit from removals used");
    expect((await admin.get("/membership/changes")).json.data.credit.balance_paise).toBe(credit - 181733);
    const listed = (await admin.get("/membership")).json.data.invoices.map((i: { number: string }) => i.number);
    expect(listed).toEqual(["KV/25-26/000001", "KV/25-26/000002"]);
  });

  it("is issued at confirm for a monthly addition, for the charge it changes", async () => {
    const admin = await paidTeam(api, "monthly", DELHI);
    const change = await admin.change(joiner("2025-06-02"));
    const inv = (await admin.get(`/invoices/${change.invoice.id}`)).json.data;
    expect(inv).toMatchObject({
      taxable_paise: 15000,
      tax_lines: [{ label: "IGST 18%", paise: 2700 }],
      total_paise: 17700,
      billing_period: { from: "2025-07-02", to: "2025-08-01" },
      payment_id: "Collected by the mandate with the charge on 2 July 2025",
    });
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
