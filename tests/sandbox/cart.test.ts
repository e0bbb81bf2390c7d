import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TestApi, startApi } from "./helpers";

const V1 = "/api/employer/v1";
let api: TestApi;
let token: string;

beforeEach(async () => {
  api = await startApi();
  token = await api.login("9876543210");
});
afterEach(async () => {
  await api.close();
});

function update(type: string, item: unknown) {
  return api.call("POST", `${V1}/carts/update`, { token, body: { type, item } });
}

const PEOPLE = [
  { band: "18-35", range: "1A", count: 5 },
  { band: "46-55", range: "2A", count: 2 },
  { band: "56-65", range: "2A+2C", count: 0 },
];

async function fillCart(gstin: string) {
  expect((await update("company", { gstin })).status).toBe(200);
  expect(
    (
      await update("admin", {
        name: "Ananya Rao",
        email: "ananya@fernleaf.example",
        total_employees: 12,
        authorised: true,
      })
    ).status,
  ).toBe(200);
  expect((await update("plan", { plan_id: "kavach-essential", coverage_ids: ["doctor-consultation"] })).status).toBe(
    200,
  );
  const r = await update("people", { rows: PEOPLE });
  expect(r.status).toBe(200);
  return r.json.data;
}

describe("carts", () => {
  it("starts empty", async () => {
    const r = await api.call("GET", `${V1}/carts/get`, { token });
    expect(r.json).toEqual({
      success: 1,
      data: {
        company: null,
        admin: null,
        plan: null,
        people: null,
        billing: null,
        quote: null,
        cover: null,
        order: null,
        updated_at: new Date(api.now()).toISOString(),
      },
    });
  });

  it("stores each step and quotes the hand-computed price (Karnataka: CGST + SGST)", async () => {
    const cart = await fillCart("29AAKCF2931M1Z6");
    expect(cart.company).toEqual({
      gstin: "29AAKCF2931M1Z6",
      company_name: "Fernleaf Analytics Private Limited",
      state_code: "29",
      state_name: "Karnataka",
      is_sez: 0,
      sample: 0,
    });
    expect(cart.admin).toEqual({ name: "Ananya Rao", email: "ananya@fernleaf.example", total_employees: 12 });
    expect(cart.plan).toEqual({
      plan_id: "kavach-essential",
      group_id: "kavach-si-100000",
      name: "Kavach Essential",
      sum_insured_inr: 100000,
      // The cart's plan describes its cover from the catalogue, as every surface does.
      sum_insured_basis: "family_floater",
      coverage_ids: ["group-health-insurance", "doctor-consultation"],
      coverages: [
        { id: "group-health-insurance", name: "Group Health Insurance", is_required: 1, monthly_paise: 0 },
        { id: "doctor-consultation", name: "Doctor Consultation", is_required: 0, monthly_paise: 4900 },
      ],
      underwriting: {
        insurer: { name: "Suraksha General Insurance Company Limited", irdai_registration_no: "901" },
        intermediary: {
          name: "Kavach Health Benefits Private Limited",
          kind: "Corporate agent (composite)",
          irdai_registration_no: "CA0999",
        },
        sample: true,
      },
      // The insurer invoices its premium, Kavach its doctor consultation: two documents (decision 0047).
      documents: [
        {
          supplier: "Suraksha General Insurance Company Limited",
          gstin: "29AAGCS5512K1Z2",
          document_for: "Group health insurance premium, supplied and invoiced by the insurer",
        },
        {
          supplier: "Kavach Health Benefits Private Limited",
          gstin: "29AAKCK7421N1ZW",
          document_for: "Kavach's own health services (consultations, check-ups, wellness), invoiced by Kavach",
        },
      ],
    });
    // The zero row is dropped. Employees and lives are two numbers: 5 × 1 + 2 × 2 = 9 lives.
    expect(cart.people).toEqual({
      rows: [
        { ...PEOPLE[0], band_label: "18–35 years", range_label: "Employee only", lives: 5 },
        { ...PEOPLE[1], band_label: "46–55 years", range_label: "Employee + spouse", lives: 4 },
      ],
      total: 7,
      lives: 9,
    });
    // 18–35 1A: ₹150 + ₹49 = ₹199 × 5 = ₹995; 46–55 2A: ₹576 + ₹49 = ₹625 × 2 = ₹1,250.
    // Monthly premium ₹2,245; 9% = ₹202.05 each. Yearly: 2,245 × 12 × 0.9 = ₹24,246; 9% = ₹2,182.14 each.
    expect(cart.quote).toEqual({
      members: 7,
      tax_regime: "intra",
      lines: [
        { band: "18-35", range: "1A", count: 5, unit_monthly_paise: 19900, monthly_paise: 99500 },
        { band: "46-55", range: "2A", count: 2, unit_monthly_paise: 62500, monthly_paise: 125000 },
      ],
      monthly: {
        policy: "monthly",
        months: 1,
        discount_pct: 0,
        premium_paise: 224500,
        saving_paise: 0,
        tax_lines: [
          { label: "CGST 9%", rate_bp: 900, paise: 20205 },
          { label: "SGST 9%", rate_bp: 900, paise: 20205 },
        ],
        tax_paise: 40410,
        total_paise: 264910,
        // Doctor Consultation ₹49 × 7; the plan is the rest of the premium.
        items: [
          { kind: "plan", id: "kavach-essential", name: "Kavach Essential", quantity: 7, amount_paise: 190200 },
          {
            kind: "benefit",
            id: "group-health-insurance",
            name: "Group Health Insurance",
            quantity: 7,
            amount_paise: 0,
          },
          { kind: "benefit", id: "doctor-consultation", name: "Doctor Consultation", quantity: 7, amount_paise: 34300 },
        ],
      },
      yearly: {
        policy: "yearly",
        months: 12,
        discount_pct: 10,
        premium_paise: 2424600,
        saving_paise: 12 * 264910 - 2861028,
        tax_lines: [
          { label: "CGST 9%", rate_bp: 900, paise: 218214 },
          { label: "SGST 9%", rate_bp: 900, paise: 218214 },
        ],
        tax_paise: 436428,
        total_paise: 2861028,
        // ₹49 × 7 × 12 less 10%.
        items: [
          { kind: "plan", id: "kavach-essential", name: "Kavach Essential", quantity: 7, amount_paise: 2054160 },
          {
            kind: "benefit",
            id: "group-health-insurance",
            name: "Group Health Insurance",
            quantity: 7,
            amount_paise: 0,
          },
          {
            kind: "benefit",
            id: "doctor-consultation",
            name: "Doctor Consultation",
            quantity: 7,
            amount_paise: 370440,
          },
        ],
      },
    });
    expect(cart.billing).toBeNull();
    expect(cart.order).toBeNull();
    const again = await api.call("GET", `${V1}/carts/get`, { token });
    expect(again.json.data).toEqual(cart);
  });

  it("quotes the cover a payment today would buy: from today (India) for a year, less a day", async () => {
    const cart = await fillCart("29AAKCF2931M1Z6");
    const today = new Date(api.now() + 330 * 60_000).toISOString().slice(0, 10);
    const [y, m, d] = today.split("-");
    const end = new Date(Date.UTC(Number(y) + 1, Number(m) - 1, Number(d) - 1)).toISOString().slice(0, 10);
    expect(cart.cover).toEqual({ start_date: today, end_date: end });
  });

  it("adds nothing paid to a plan chosen without benefits: a fresh cart holds the included cover only", async () => {
    const r = await update("plan", { plan_id: "kavach-standard", coverage_ids: [] });
    expect(r.json.data.plan.coverages).toEqual([
      { id: "group-health-insurance", name: "Group Health Insurance", is_required: 1, monthly_paise: 0 },
    ]);
  });

  it("charges IGST to a company in another state", async () => {
    const cart = await fillCart("07AAFCT1128B1ZV");
    expect(cart.quote.tax_regime).toBe("inter");
    expect(cart.quote.monthly.tax_lines).toEqual([{ label: "IGST 18%", rate_bp: 1800, paise: 40410 }]);
    expect(cart.quote.yearly.tax_lines).toEqual([{ label: "IGST 18%", rate_bp: 1800, paise: 436428 }]);
    expect(cart.quote.monthly.total_paise).toBe(264910);
  });

  it("charges no GST to an SEZ unit", async () => {
    const cart = await fillCart("33AAHCS4170P1ZY");
    expect(cart.quote.tax_regime).toBe("sez");
    expect(cart.quote.monthly).toMatchObject({ tax_lines: [], tax_paise: 0, total_paise: 224500 });
    expect(cart.quote.yearly).toMatchObject({
      tax_lines: [],
      tax_paise: 0,
      total_paise: 2424600,
      saving_paise: 269400,
    });
  });

  it("has no quote until company, plan and people are all there", async () => {
    await update("plan", { plan_id: "kavach-plus", coverage_ids: [] });
    const r = await update("people", { rows: PEOPLE });
    expect(r.json.data.quote).toBeNull();
    const done = await update("company", { gstin: "24AADCR7793L1ZR" });
    expect(done.json.data.quote.members).toBe(7);
  });

  it("keeps one cart per user", async () => {
    await update("company", { gstin: "29AAKCF2931M1Z6" });
    api.advance(30_000);
    const other = await api.login("9123456780");
    const theirs = await api.call("GET", `${V1}/carts/get`, { token: other });
    expect(theirs.json.data.company).toBeNull();
    api.advance(30_000);
    const again = await api.login("9876543210");
    const mine = await api.call("GET", `${V1}/carts/get`, { token: again });
    expect(mine.json.data.company.gstin).toBe("29AAKCF2931M1Z6");
  });

  it("clears billing when company, plan or people change, not when admin does", async () => {
    await fillCart("29AAKCF2931M1Z6");
    expect((await update("billing", { policy: "yearly" })).json.data.billing).toEqual({ policy: "yearly" });
    const admin = await update("admin", {
      name: "Ananya Rao",
      email: "hr@fernleaf.example",
      total_employees: null,
      authorised: true,
    });
    expect(admin.json.data.billing).toEqual({ policy: "yearly" });
    expect(admin.json.data.admin.total_employees).toBeNull();
    // The same plan again is no change.
    const same = await update("plan", { plan_id: "kavach-essential", coverage_ids: ["doctor-consultation"] });
    expect(same.json.data.billing).toEqual({ policy: "yearly" });
    const plan = await update("plan", { plan_id: "kavach-standard", coverage_ids: ["doctor-consultation"] });
    expect(plan.json.data.billing).toBeNull();
    await update("billing", { policy: "monthly" });
    const people = await update("people", { rows: [{ band: "18-35", range: "1A", count: 9 }] });
    expect(people.json.data.billing).toBeNull();
    await update("billing", { policy: "monthly" });
    const company = await update("company", { gstin: "07AAFCT1128B1ZV" });
    expect(company.json.data.billing).toBeNull();
  });

  it("always includes required coverages", async () => {
    const r = await update("plan", { plan_id: "kavach-plus", coverage_ids: ["fitness-tracking", "fitness-tracking"] });
    expect(r.json.data.plan.coverage_ids).toEqual(["group-health-insurance", "fitness-tracking"]);
  });

  it("moves updated_at with each change", async () => {
    api.advance(5000);
    const r = await update("company", { gstin: "29AAKCF2931M1Z6" });
    expect(r.json.data.updated_at).toBe(new Date(api.now()).toISOString());
  });

  it.each([
    [
      "company",
      { gstin: "27AAPFU0939F1ZV" },
      404,
      "We could not find a company registered with GSTIN 27AAPFU0939F1ZV.",
    ],
    [
      "company",
      { gstin: "29AAKCF2931M1Z7" },
      400,
      "29AAKCF2931M1Z7 is not a valid GSTIN: its last character does not match. Check for a typo.",
    ],
    [
      "admin",
      { name: "R2-D2", email: "a@b.in", total_employees: 5 },
      400,
      "The name can have letters and spaces only.",
    ],
    ["admin", { name: "Ravi", email: "ravi@", total_employees: 5 }, 400, "Enter a valid email address."],
    ["admin", { name: "Ravi", email: "ravi@x.c", total_employees: 5 }, 400, "Enter a valid email address."],
    ["admin", { name: "Ravi", email: "ravi@x.in", total_employees: 1 }, 400, "Employees range can be from 2 to 10,000"],
    [
      "admin",
      { name: "Ravi", email: "ravi@x.in", total_employees: 10001 },
      400,
      "Employees range can be from 2 to 10,000",
    ],
    [
      "admin",
      { name: "Ravi", email: "ravi@x.in", total_employees: 2.5 },
      400,
      "Employees range can be from 2 to 10,000",
    ],
    ["plan", { plan_id: "gold", coverage_ids: [] }, 400, "Unknown plan: gold."],
    ["plan", { plan_id: "kavach-plus", coverage_ids: ["spa"] }, 400, "Unknown coverage: spa."],
    ["people", { rows: [{ band: "66-80", range: "1A", count: 1 }] }, 400, "Unknown age band: 66-80."],
    ["people", { rows: [{ band: "18-35", range: "3A", count: 1 }] }, 400, "Unknown family cover: 3A."],
    ["people", { rows: [{ band: "18-35", range: "1A", count: 1.5 }] }, 400, "count must be a whole number."],
    ["people", { rows: [{ band: "18-35", range: "1A", count: -1 }] }, 400, "count cannot be negative."],
    ["people", { rows: [{ band: "18-35", range: "1A", count: 10001 }] }, 400, "count can be at most 10,000."],
    ["people", { rows: [{ band: "18-35", range: "1A", count: 0 }] }, 400, "Add at least one person."],
    [
      "people",
      {
        rows: [
          { band: "18-35", range: "1A", count: 6000 },
          { band: "36-45", range: "1A", count: 6000 },
        ],
      },
      400,
      "At most 10,000 people can be covered.",
    ],
    [
      "people",
      {
        rows: [
          { band: "18-35", range: "1A", count: 1 },
          { band: "18-35", range: "1A", count: 2 },
        ],
      },
      400,
      "The age band 18-35 with cover 1A appears twice.",
    ],
    ["billing", { policy: "weekly" }, 400, "policy must be monthly or yearly."],
    ["wishlist", {}, 400, "type must be one of company, admin, plan, people, billing."],
  ])("refuses %s %j", async (type, item, status, msg) => {
    const r = await update(type, item);
    expect(r.status).toBe(status);
    expect(r.json.success).toBe(0);
    expect(r.json.msg).toBe(msg);
    const cart = await api.call("GET", `${V1}/carts/get`, { token });
    expect(cart.json.data.company).toBeNull();
    expect(cart.json.data.people).toBeNull();
  });

  it("accepts a name written with vowel signs, as the app's form does (मोहन कुमार)", async () => {
    const r = await update("admin", {
      name: "मोहन कुमार",
      email: "mohan@fernleaf.example",
      total_employees: 5,
      authorised: true,
    });
    expect(r.status).toBe(200);
    expect(r.json.data.admin.name).toBe("मोहन कुमार");
  });

  it("refuses a body without type or item", async () => {
    const r = await api.call("POST", `${V1}/carts/update`, { token, body: { item: {} } });
    expect(r.status).toBe(400);
    expect(r.json.msg).toBe("type must be one of company, admin, plan, people, billing.");
  });
});

describe("POST /plan/quote", () => {
  const quote = (body: unknown) => api.call("POST", `${V1}/plan/quote`, { token, body });

  it("prices other people without writing the cart, exactly as the cart would once they are saved", async () => {
    const saved = await fillCart("29AAKCF2931M1Z6");
    const rows = [
      { band: "18-35", range: "1A", count: 9 },
      { band: "36-45", range: "2A+2C", count: 3 },
    ];
    const asked = await quote({ rows });
    expect(asked.status).toBe(200);
    expect(asked.json.data.members).toBe(12);
    // Nothing was written: the cart still holds its own people and quote.
    const after = await api.call("GET", `${V1}/carts/get`, { token });
    expect(after.json.data.people).toEqual(saved.people);
    expect(after.json.data.quote).toEqual(saved.quote);
    // Saving those people gives the very quote that was asked for.
    expect((await update("people", { rows })).json.data.quote).toEqual(asked.json.data);
  });

  it("prices another plan and other coverages for the cart's people, and the cart's own when nothing is given", async () => {
    const saved = await fillCart("29AAKCF2931M1Z6");
    expect((await quote({})).json.data).toEqual(saved.quote);
    const bigger = await quote({ plan_id: "kavach-plus", coverage_ids: [] });
    expect(bigger.status).toBe(200);
    expect(bigger.json.data.members).toBe(saved.quote.members);
  });

  it("refuses unknown bands and plans, and a cart without a company, saying why", async () => {
    const empty = await quote({ rows: [{ band: "18-35", range: "1A", count: 1 }] });
    expect(empty.status).toBe(409);
    await fillCart("29AAKCF2931M1Z6");
    const band = await quote({ rows: [{ band: "99-100", range: "1A", count: 1 }] });
    expect(band.status).toBe(400);
    expect(JSON.stringify(band.json)).toContain("Unknown age band");
    const plan = await quote({ plan_id: "no-such-plan" });
    expect(plan.status).toBe(400);
    expect(JSON.stringify(plan.json)).toContain("Unknown plan");
  });
});

describe("the public calculator's calls (GET /plan/catalogue, POST /plan/estimate)", () => {
  const estimate = (body: unknown) => api.call("POST", `${V1}/plan/estimate`, { body });

  it("offers the plans, benefits, age bands and covers to anyone, without a token", async () => {
    const r = await api.call("GET", `${V1}/plan/catalogue`);
    expect(r.status).toBe(200);
    expect(r.json.data.plans.map((p: { plan_id: string }) => p.plan_id)).toContain("kavach-essential");
    expect(r.json.data.coverages.find((c: { id: string }) => c.id === "group-health-insurance").is_required).toBe(1);
    expect(r.json.data.bands[0].code).toBe("18-35");
    expect(r.json.data.ranges.map((x: { code: string }) => x.code)).toEqual(["1A", "2A", "2A+2C"]);
  });

  it("prices without a token exactly as the cart of a buyer in another state, in Karnataka or in an SEZ", async () => {
    const cart = await fillCart("07AAFCT1128B1ZV");
    const body = { plan_id: "kavach-essential", coverage_ids: ["doctor-consultation"], rows: PEOPLE };
    const asked = await estimate(body);
    expect(asked.status).toBe(200);
    expect(asked.json.data).toEqual(cart.quote);
    // Told the buyer is in Karnataka (CGST + SGST) or an SEZ unit, it prices as those carts do.
    const karnataka = await fillCart("29AAKCF2931M1Z6");
    const intra = await estimate({ ...body, tax_regime: "intra" });
    expect(intra.json.data).toEqual(karnataka.quote);
    const sez = await fillCart("33AAHCS4170P1ZY");
    expect((await estimate({ ...body, tax_regime: "sez" })).json.data).toEqual(sez.quote);
  });

  it("refuses a missing plan, no people or too many, and unknown benefits, saying why", async () => {
    expect((await estimate({ rows: PEOPLE })).json.msg).toBe("plan_id is required.");
    const none = await estimate({ plan_id: "kavach-essential", rows: [{ band: "18-35", range: "1A", count: 0 }] });
    expect(none.status).toBe(400);
    expect(none.json.msg).toBe("Add at least one person.");
    const many = await estimate({ plan_id: "kavach-essential", rows: [{ band: "18-35", range: "1A", count: 10_001 }] });
    expect(many.status).toBe(400);
    const unknown = await estimate({ plan_id: "kavach-essential", coverage_ids: ["no-such"], rows: PEOPLE });
    expect(unknown.status).toBe(400);
    expect(unknown.json.msg).toContain("Unknown coverage");
  });
});
