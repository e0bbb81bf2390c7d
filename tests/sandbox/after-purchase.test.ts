import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { indianWords, rupeesInWords } from "../../sandbox/billing/amount-words";
import { type TestApi, checkoutForms, startApi } from "./helpers";
import { OUTBOX_HEADERS } from "../support/outbox";

const V1 = "/api/employer/v1";
const CALLBACK = "https://app.example/checkout/payment/callback";
const KARNATAKA = "29AAKCF2931M1Z6";
const DELHI = "07AAFCT1128B1ZV";
const SEZ = "33AAHCS4170P1ZY";
// A GSTIN holds one membership (docs/product.md, One membership per company): more purchases in one
// database are other companies'. Banyan is in Karnataka, Bluejay in Delhi, Sahyadri an SEZ unit.
const BANYAN = "29AABCB4021K1ZU";
const BLUEJAY = "07AAJCB8836D1ZK";
const SAHYADRI_SEZ = "27AAKCS1176E1ZB";
const QUILLPOINT = "29AAGCQ7712F1Z9";
const SELLER_GSTIN = "29AAKCK7421N1ZW";

let api: TestApi;
let dir: string;
let nextMobile = 9000000001;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "kavach-after-"));
  api = await startApi({ databasePath: join(dir, "api.sqlite"), pendingSettleMs: 20_000 });
});
afterEach(async () => {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Buyer {
  token: string;
  update(type: string, item: unknown): ReturnType<TestApi["call"]>;
  createOrder(policy: string): Promise<any>;
  get(path: string): ReturnType<TestApi["call"]>;
}

/** A signed-in admin with a complete cart: 5 people at 18–35 1A and 2 at 46–55 2A, Essential + doctor consultation. */
async function buyer(gstin = KARNATAKA, email = "ananya@fernleaf.example"): Promise<Buyer> {
  const token = await api.login(String(nextMobile++));
  const update = (type: string, item: unknown) =>
    api.call("POST", `${V1}/carts/update`, { token, body: { type, item } });
  await update("company", { gstin });
  await update("admin", { name: "Ananya Rao", email, total_employees: 12, authorised: true });
  await update("plan", {
    plan_id: "kavach-essential",
    coverage_ids: ["doctor-consultation", "group-term-life-insurance"],
  });
  await update("people", {
    rows: [
      { band: "18-35", range: "1A", count: 5 },
      { band: "46-55", range: "2A", count: 2 },
    ],
  });
  return {
    token,
    update,
    async createOrder(policy: string) {
      const r = await api.call("POST", `${V1}/checkout/order/create`, {
        token,
        body: { policy, callback_url: CALLBACK },
      });
      expect(r.status).toBe(200);
      return r.json.data;
    },
    get: (path: string) => api.call("GET", `${V1}${path}`, { token }),
  };
}

async function forms(orderId: string) {
  const page = await api.html(`/api/sandbox/checkout/${orderId}`);
  const all = checkoutForms(page.text);
  const pay = [...all.entries()].find(([label]) => label.endsWith("— Success"))?.[1];
  return { page, pay, pending: all.get("Simulate Pending"), fail: all.get("Simulate Failure") };
}

/** A gateway callback (signed), or with the owner's token a look-up by the order id alone. */
function verify(body: Record<string, string>, token?: string) {
  return api.call("POST", `${V1}/checkout/order/verify`, { body, token });
}

async function paidBuyer(policy = "monthly", gstin = KARNATAKA) {
  const b = await buyer(gstin);
  const order = await b.createOrder(policy);
  const { pay } = await forms(order.order_id);
  const paid = await verify(pay!.fields);
  expect(paid.json.data.status).toBe("paid");
  return { ...b, order, paid: paid.json.data };
}

describe("a paid cart is frozen", () => {
  it("refuses every change to what was bought, with 409 and a clear message; admin details may change", async () => {
    const b = await paidBuyer();
    const before = (await b.get("/carts/get")).json.data;
    const changes: [string, unknown][] = [
      ["company", { gstin: DELHI }],
      ["plan", { plan_id: "kavach-plus", coverage_ids: [] }],
      ["plan", { plan_id: "kavach-essential", coverage_ids: [] }],
      ["people", { rows: [{ band: "18-35", range: "1A", count: 12 }] }],
      ["billing", { policy: "yearly" }],
      ["billing", { policy: "monthly" }],
    ];
    for (const [type, item] of changes) {
      const r = await b.update(type, item);
      expect(r.status, `${type} ${JSON.stringify(item)}`).toBe(409);
      expect(r.json.msg).toMatch(/paid for.*can no longer change/);
    }
    const after = (await b.get("/carts/get")).json.data;
    expect(after.people).toEqual(before.people);
    expect(after.plan).toEqual(before.plan);
    expect(after.company).toEqual(before.company);
    expect(
      (
        await b.update("admin", {
          name: "Ananya R",
          email: "a.rao@fernleaf.example",
          total_employees: 12,
          authorised: true,
        })
      ).status,
    ).toBe(200);
    // Creating again gives the paid order back; nothing new to pay.
    expect((await b.createOrder("yearly")).order_id).toBe(b.order.order_id);
  });

  it("is frozen while a payment is pending too", async () => {
    const b = await buyer();
    const order = await b.createOrder("monthly");
    const { pending } = await forms(order.order_id);
    expect((await verify(pending!.fields)).json.data.status).toBe("pending");
    expect((await b.update("people", { rows: [{ band: "18-35", range: "1A", count: 12 }] })).status).toBe(409);
  });
});

describe("stale and superseded orders", () => {
  it("cannot pay an order whose cart changed after it was made; the signed success is recorded as needing a refund", async () => {
    const b = await buyer();
    const order = await b.createOrder("monthly");
    const { pay } = await forms(order.order_id); // the hosted page open in another tab
    await b.update("people", { rows: [{ band: "18-35", range: "1A", count: 2 }] });

    const page = await api.html(`/api/sandbox/checkout/${order.order_id}`);
    expect(page.text).toContain("The quote has changed");
    expect(page.text).not.toContain("<form");
    expect(page.text).toContain(`href="${CALLBACK}"`);

    const r = await verify(pay!.fields);
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ status: "superseded", payment_refund_due: true, invoice: null });
    const cart = (await b.get("/carts/get")).json.data;
    expect(cart.order.status).toBe("superseded");
    expect((await b.get("/membership")).json.data).toBeNull();
    // The cart is not frozen by a payment that bought nothing.
    expect((await b.update("people", { rows: [{ band: "18-35", range: "1A", count: 3 }] })).status).toBe(200);
    expect(api.logs).toContainEqual(
      expect.objectContaining({
        level: "error",
        event: "payment_needs_refund",
        order_id: order.order_id,
        amount_paise: order.amount_paise,
      }),
    );
  });

  it("records a signed success for a superseded order once, however often the callback comes", async () => {
    const b = await buyer();
    const first = await b.createOrder("monthly");
    const { pay } = await forms(first.order_id);
    const yearly = await b.createOrder("yearly");
    const r1 = await verify(pay!.fields);
    api.advance(60_000);
    const r2 = await verify(pay!.fields);
    expect(r2.json.data).toEqual(r1.json.data);
    expect(r1.json.data.refunds_due).toEqual([
      {
        payment_id: pay!.fields.razorpay_payment_id,
        amount_paise: first.amount_paise,
        recorded_at: new Date(api.now() - 60_000).toISOString(),
      },
    ]);
    expect(api.logs.filter((l) => l.event === "payment_needs_refund")).toHaveLength(1);
    // The newer order is untouched and still payable.
    const newer = await forms(yearly.order_id);
    expect((await verify(newer.pay!.fields)).json.data.status).toBe("paid");
    const membership = (await b.get("/membership")).json.data;
    expect(membership.refunds_due).toEqual([
      expect.objectContaining({ order_id: first.order_id, amount_paise: first.amount_paise }),
    ]);
  });

  it("a billing change closes the open order made for the other billing", async () => {
    const b = await buyer();
    const monthly = await b.createOrder("monthly");
    await b.update("billing", { policy: "yearly" });
    const page = await api.html(`/api/sandbox/checkout/${monthly.order_id}`);
    expect(page.text).toContain("The quote has changed");
  });

  it("records a second signed payment for an order already paid as needing a refund", async () => {
    const b = await buyer();
    const order = await b.createOrder("monthly");
    const tabA = await forms(order.order_id);
    const tabB = await forms(order.order_id);
    expect((await verify(tabA.pay!.fields)).json.data.status).toBe("paid");
    const second = await verify(tabB.pay!.fields);
    expect(second.json.data).toMatchObject({
      status: "paid",
      payment_id: tabA.pay!.fields.razorpay_payment_id,
      payment_refund_due: true,
    });
    // A late pending of another attempt is no captured money: noted for ops, not refunded.
    const late = await verify(tabB.pending!.fields);
    expect(late.json.data).toMatchObject({ status: "paid", payment_refund_due: false });
    expect(late.json.data.refunds_due).toHaveLength(1);
    expect(api.logs).toContainEqual(
      expect.objectContaining({ level: "warn", event: "late_pending_after_paid", order_id: order.order_id }),
    );
  });

  it("gives the failure page the gateway's reason", async () => {
    const b = await buyer();
    const order = await b.createOrder("monthly");
    const { fail } = await forms(order.order_id);
    const r = await verify({
      razorpay_order_id: order.order_id,
      razorpay_payment_id: fail!.fields["error[metadata][payment_id]"]!,
    });
    expect(r.json.data).toMatchObject({
      status: "attempted",
      failure_reason: "Your bank declined the payment (simulated).",
    });
  });
});

describe("tax invoices", () => {
  it("numbers invoices consecutively within a financial year and restarts the series in the next", async () => {
    const numbers: string[] = [];
    const companies = [KARNATAKA, DELHI, SEZ, BANYAN, BLUEJAY, QUILLPOINT];
    for (let i = 0; i < 3; i++) numbers.push((await paidBuyer("monthly", companies[i])).paid.invoice.number);
    // The first is the health insurer's own series; each supplier numbers its own (decision 0047).
    expect(numbers).toEqual(["SG/25-26/000001", "SG/25-26/000002", "SG/25-26/000003"]);
    // 31 March 2026, 23:59 IST is still 25-26; a minute later is 26-27.
    const toMarchEnd = Date.UTC(2026, 2, 31, 18, 29) - api.now();
    api.advance(toMarchEnd);
    expect((await paidBuyer("monthly", companies[3])).paid.invoices.map((i: { number: string }) => i.number)).toEqual([
      "SG/25-26/000004",
      "RL/25-26/000004",
      "KV/25-26/000004",
    ]);
    api.advance(60_000);
    expect((await paidBuyer("monthly", companies[4])).paid.invoice.number).toBe("SG/26-27/000001");
    expect((await paidBuyer("monthly", companies[5])).paid.invoices.map((i: { number: string }) => i.number)).toEqual([
      "SG/26-27/000002",
      "RL/26-27/000002",
      "KV/26-27/000002",
    ]);
  });

  it("never repeats a number under concurrent payments", async () => {
    const buyers = [];
    for (let i = 0; i < 12; i++) {
      const b = await buyer();
      const order = await b.createOrder(i % 2 === 0 ? "monthly" : "yearly");
      buyers.push((await forms(order.order_id)).pay!.fields);
    }
    const results = await Promise.all(buyers.flatMap((fields) => [verify(fields), verify(fields)]));
    const numbers = new Set(results.map((r) => r.json.data.invoice.number));
    expect(numbers.size).toBe(12);
    expect([...numbers].sort()).toEqual(
      Array.from({ length: 12 }, (_, i) => `SG/25-26/${String(i + 1).padStart(6, "0")}`),
    );
  });

  it("issues the invoice of a pending payment when it settles", async () => {
    const b = await buyer();
    const order = await b.createOrder("yearly");
    const { pending } = await forms(order.order_id);
    expect((await verify(pending!.fields)).json.data.invoice).toBeNull();
    api.advance(20_000);
    const settled = await verify({ razorpay_order_id: order.order_id }, b.token);
    expect(settled.json.data).toMatchObject({ status: "paid", invoice: { number: "SG/25-26/000001" } });
  });

  const cases = [
    { name: "Karnataka: CGST + SGST", gstins: [KARNATAKA, BANYAN], tax: ["CGST 9%", "SGST 9%"], note: null },
    { name: "another state: IGST", gstins: [DELHI, BLUEJAY], tax: ["IGST 18%"], note: null },
    {
      name: "an SEZ unit: zero-rated",
      gstins: [SEZ, SAHYADRI_SEZ],
      tax: [],
      note: "SUPPLY MEANT FOR EXPORT/SUPPLY TO SEZ UNIT OR SEZ DEVELOPER FOR AUTHORISED OPERATIONS UNDER BOND OR LETTER OF UNDERTAKING WITHOUT PAYMENT OF INTEGRATED TAX. LUT ARN ",
    },
  ];
  const suppliers = [
    {
      gstin: "29AAGCS5512K1Z2",
      name: "Suraksha General Insurance Company Limited",
      series: "SG",
      lines: [["997133", "Group Health Insurance"]],
    },
    {
      gstin: "29AAHCR6183L1ZN",
      name: "Raksha Life Insurance Company Limited",
      series: "RL",
      lines: [["997132", "Group Term Life Insurance"]],
    },
    {
      gstin: SELLER_GSTIN,
      name: "Kavach Health Benefits Private Limited",
      series: "KV",
      lines: [["9993", "Doctor Consultation"]],
    },
  ];
  for (const c of cases) {
    it(`carries the order's amounts and what a tax invoice must, for ${c.name}`, async () => {
      for (const [i, policy] of ["monthly", "yearly"].entries()) {
        const gstin = c.gstins[i]!;
        const b = await paidBuyer(policy, gstin);
        // One tax invoice per supplier: the health insurer's premium, the life insurer's, Kavach's services.
        expect(b.paid.invoices.map((i: { supplier: string }) => i.supplier)).toEqual(suppliers.map((s) => s.name));
        const invs = await Promise.all(
          b.paid.invoices.map(async (i: { id: string }) => (await b.get(`/invoices/${i.id}`)).json.data),
        );
        // Together they are the payment, to the paisa; each adds up on its own.
        const sum = (key: string) => invs.reduce((s: number, i: Record<string, number>) => s + i[key]!, 0);
        expect(sum("total_paise")).toBe(b.order.amount_paise);
        expect(sum("taxable_paise")).toBe(b.order.premium_paise);
        expect(sum("tax_paise")).toBe(b.order.tax_paise);
        invs.forEach((inv, n) => {
          const s = suppliers[n]!;
          expect(inv.supplier).toMatchObject({ gstin: s.gstin, name: s.name, state_code: "29" });
          expect(inv.number).toMatch(new RegExp(`^${s.series}/25-26/\\d{6}$`));
          expect(inv.number.length).toBeLessThanOrEqual(16);
          expect(
            inv.lines.map((l: { sac: string; description: string }) => [l.sac, l.description.split(":")[0]]),
          ).toEqual(s.lines);
          expect(
            inv.lines.every((l: { supplied_by: string }) => l.supplied_by.startsWith(`Supplied by ${s.name}`)),
          ).toBe(true);
          expect(inv.total_paise).toBe(inv.taxable_paise + inv.tax_paise);
          expect(inv.lines.reduce((t: number, l: { taxable_paise: number }) => t + l.taxable_paise, 0)).toBe(
            inv.taxable_paise,
          );
          expect(inv.tax_lines.reduce((t: number, l: { paise: number }) => t + l.paise, 0)).toBe(inv.tax_paise);
          expect(inv.tax_lines.map((t: { label: string }) => t.label)).toEqual(c.tax);
          // Each tax within a paisa of its rate on the document's own taxable value.
          for (const t of inv.tax_lines)
            expect(Math.abs(t.paise - (inv.taxable_paise * t.rate_bp) / 10_000)).toBeLessThanOrEqual(1);
          if (c.note === null) expect(inv.zero_rated_note).toBeNull();
          else expect(inv.zero_rated_note).toMatch(new RegExp(`^${c.note.replaceAll("/", "\\/")}AD29\\d{10}[A-Z]\\.$`));
          expect(inv.recipient.gstin).toBe(gstin);
          expect(inv.recipient.address).not.toBe("");
          expect(inv.place_of_supply.state_code).toBe(gstin.slice(0, 2));
          expect(inv.insurer.name).toBe("Suraksha General Insurance Company Limited");
          expect(inv.sum_insured).toBe("INR 1,00,000 per family per year (family floater)");
          expect(inv.billing_period.from).toBe("2025-06-02");
          expect(inv.total_in_words).toBe(rupeesInWords(inv.total_paise));
        });
        expect(invs[0].lines[0].description).toContain("sum insured INR 1,00,000 per family per year (family floater)");
      }
    });
  }

  it("serves the PDF only to its own admin, as an attachment, with the invoice's text", async () => {
    const b = await paidBuyer("monthly", DELHI);
    const res = await fetch(`${api.base}${V1}/invoices/${b.paid.invoice.id}/pdf`, {
      headers: { authorization: `Bearer ${b.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${b.paid.invoice.id}.pdf"`);
    const file = join(dir, "invoice.pdf");
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    // The health insurer's own invoice: its GSTIN, its premium alone, and what it is for.
    for (const needle of ["29AAGCS5512K1Z2", DELHI, "997133", "IGST @ 18%", b.paid.invoice.number, "Delhi (07)"])
      expect(text).toContain(needle);
    expect(text).not.toContain(SELLER_GSTIN);
    expect(text).not.toContain("997132");
    expect(text).not.toContain("9993 ");
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain("For Suraksha General Insurance Company Limited Authorised signatory");
    expect(flat).toContain("General insurer, IRDAI Reg. No. 901");
    expect(flat).toContain("For: Group health insurance premium, supplied and invoiced by the insurer");
    expect(flat).toContain("Supplied by Suraksha General Insurance Company Limited");
    expect(flat).not.toContain("on its behalf");
    expect(flat).toMatch(/Policy number: (issued with the certificate|\S+)/);
    expect(flat).toContain("no e-invoice IRN or QR code is generated");
    // Kavach's own invoice: its GSTIN and its services only, naming the insurer of the policy.
    const kavach = b.paid.invoices[2];
    const kv = join(dir, "kavach.pdf");
    writeFileSync(
      kv,
      await fetch(`${api.base}${V1}/invoices/${kavach.id}/pdf`, {
        headers: { authorization: `Bearer ${b.token}` },
      }).then((r) => r.arrayBuffer().then((a) => Buffer.from(a))),
    );
    const kvText = execFileSync("pdftotext", ["-layout", kv, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
    expect(kvText).toContain(SELLER_GSTIN);
    expect(kvText).toContain(`Invoice number ${kavach.number}`);
    expect(kvText).toContain("Doctor Consultation");
    expect(kvText).not.toContain("997133");
    expect(kvText).toContain("Insurer: Suraksha General Insurance Company Limited (IRDAI Reg. No. 901)");
    expect(flat).toContain("Authorised signatory Digitally signed (PAdES) with a sandbox certificate");
    // Read back by poppler: one signature, PAdES, over the whole file, valid; its certificate is the
    // sandbox's own, so no reader trusts it as a certifying authority's.
    const signature = execFileSync("pdfsig", [file], { encoding: "utf8" });
    expect(signature).toContain("Signature #1:");
    expect(signature).not.toContain("Signature #2:");
    expect(signature).toContain(
      "Signer Certificate Common Name: Kavach Health Benefits Private Limited (sandbox signing certificate)",
    );
    expect(signature).toContain("Signature Type: ETSI.CAdES.detached");
    expect(signature).toContain("Total document signed");
    expect(signature).toContain("Signature Validation: Signature is Valid.");
    // The same file with one byte of its text changed no longer validates.
    const bytes = readFileSync(file);
    const at = bytes.indexOf("/Title");
    bytes[at + 1] = "t".charCodeAt(0);
    writeFileSync(file, bytes);
    const altered = spawnSync("pdfsig", [file], { encoding: "utf8" });
    expect(altered.stdout).toContain("Signature #1:");
    expect(altered.stdout).not.toContain("Signature is Valid.");
    expect(text).not.toContain("CGST");

    const other = await buyer();
    expect((await other.get(`/invoices/${b.paid.invoice.id}`)).status).toBe(404);
    const stranger = await fetch(`${api.base}${V1}/invoices/${b.paid.invoice.id}/pdf`, {
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(stranger.status).toBe(404);
    expect((await fetch(`${api.base}${V1}/invoices/${b.paid.invoice.id}/pdf`)).status).toBe(401);
  });
});

describe("the confirmation email", () => {
  it("goes once to the admin with the invoice PDF attached, and the verify answer says so", async () => {
    const b = await paidBuyer("yearly");
    expect(b.paid.invoice).toMatchObject({ email_to: "a…@fernleaf.example", email_status: "sent" });
    const { pay } = await forms(b.order.order_id);
    expect(pay).toBeUndefined();
    const emails = (await api.call("GET", "/api/sandbox/emails?to=ananya@fernleaf.example")).json.data;
    expect(emails).toHaveLength(1);
    // Every supplier's invoice, attached, each said with who issued it and what for (decision 0047).
    for (const i of b.paid.invoices) expect(emails[0].subject).toContain(i.number);
    expect(emails[0].attachments).toEqual(
      b.paid.invoices.map((i: { id: string }, position: number) => ({
        position,
        filename: `${i.id}.pdf`,
        content_type: "application/pdf",
        size: expect.any(Number),
      })),
    );
    expect(emails[0].text).toContain(
      `- ${b.paid.invoices[0].number} from Suraksha General Insurance Company Limited (GSTIN 29AAGCS5512K1Z2): Group health insurance premium, supplied and invoiced by the insurer`,
    );
    expect(emails[0].text).toContain(`- ${b.paid.invoices[2].number} from Kavach Health Benefits Private Limited`);
    const page = await api.html("/dev/outbox");
    expect(page.text).toContain(b.paid.invoice.number);
    const file = await fetch(`${api.base}/dev/outbox/emails/${emails[0].id}/attachments/0`, {
      headers: OUTBOX_HEADERS,
    });
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="${b.paid.invoice.id}.pdf"`);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });

  it("says when the email could not be sent", async () => {
    await api.close();
    api = await startApi({
      databasePath: join(dir, "api2.sqlite"),
      emailProvider: { send: () => Promise.reject(new Error("SMTP down")) },
    });
    const b = await paidBuyer();
    expect(b.paid.invoice.email_status).toBe("failed");
    expect(api.logs).toContainEqual(expect.objectContaining({ level: "error", event: "invoice_email_failed" }));
  });
});

describe("GET /membership", () => {
  it("is null before payment, and after it holds what was bought, the schedule and the invoices", async () => {
    const b = await buyer();
    expect((await b.get("/membership")).json.data).toBeNull();
    const order = await b.createOrder("monthly");
    const { pay } = await forms(order.order_id);
    await verify(pay!.fields);
    const m = (await b.get("/membership")).json.data;
    expect(m).toMatchObject({
      status: "paid",
      company: { gstin: KARNATAKA, state_name: "Karnataka" },
      plan: { plan_id: "kavach-essential", sum_insured_inr: 100000 },
      members: 7,
      start_date: "2025-06-02",
      cover_end_date: "2026-06-01",
      billing: {
        policy: "monthly",
        amount_paise: order.amount_paise,
        next_charge: { date: "2025-07-02", amount_paise: order.amount_paise },
      },
    });
    // One invoice per supplier, each saying who issued it; together they are the payment.
    expect(m.invoices.map((i: { number: string; supplier: string }) => [i.number, i.supplier])).toEqual([
      ["SG/25-26/000001", "Suraksha General Insurance Company Limited"],
      ["RL/25-26/000001", "Raksha Life Insurance Company Limited"],
      ["KV/25-26/000001", "Kavach Health Benefits Private Limited"],
    ]);
    expect(m.invoices.reduce((s: number, i: { total_paise: number }) => s + i.total_paise, 0)).toBe(order.amount_paise);
    expect(m.billing.schedule).toHaveLength(12);
    expect(m.billing.schedule[11]).toEqual({
      number: 12,
      date: "2026-05-02",
      amount_paise: order.amount_paise,
      status: "scheduled",
    });
    expect(m.billing.mandate.how_to_cancel).toMatch(/Cancel at any time/);
    expect(m.people).toEqual([
      { band: "18-35", band_label: "18–35 years", range: "1A", range_label: "Employee only", count: 5 },
      { band: "46-55", band_label: "46–55 years", range: "2A", range_label: "Employee + spouse", count: 2 },
    ]);
  });
});

describe("amounts in words", () => {
  it("uses Indian numbering", () => {
    expect(indianWords(12345678)).toBe("One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight");
    expect(indianWords(100000)).toBe("One Lakh");
    expect(indianWords(1500000000)).toBe("One Hundred Fifty Crore");
    expect(rupeesInWords(264910)).toBe("Two Thousand Six Hundred Forty-Nine Rupees and Ten Paise Only");
    expect(rupeesInWords(10000000)).toBe("One Lakh Rupees Only");
  });
});
