import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApi, startApi } from "./helpers";

let api: TestApi;
let token: string;
const V1 = "/api/employer/v1";

beforeAll(async () => {
  api = await startApi();
  token = await api.login("9876543210");
});
afterAll(async () => {
  await api.close();
});

describe("GET /employer/gstin/{gstin}", () => {
  it("finds a registered company", async () => {
    const r = await api.call("GET", `${V1}/employer/gstin/29AAKCF2931M1Z6`, { token });
    expect(r).toEqual({
      status: 200,
      json: {
        success: 1,
        data: {
          gstin: "29AAKCF2931M1Z6",
          company_name: "Fernleaf Analytics Private Limited",
          state_code: "29",
          state_name: "Karnataka",
          is_sez: 0,
          sample: 0,
        },
      },
    });
  });

  it.each([
    ["33AAHCS4170P1ZY", "Harbourline Software Services Private Limited", "Tamil Nadu", 1],
    ["07AAFCT1128B1ZV", "Tanager Foods Private Limited", "Delhi", 0],
    ["24AADCR7793L1ZR", "Rivermint Textiles Private Limited", "Gujarat", 0],
  ])("finds %s", async (gstin, name, state, sez) => {
    const r = await api.call("GET", `${V1}/employer/gstin/${gstin}`, { token });
    expect(r.json.data).toMatchObject({ company_name: name, state_name: state, is_sez: sez });
  });

  it("accepts lower case", async () => {
    const r = await api.call("GET", `${V1}/employer/gstin/29aakcf2931m1z6`, { token });
    expect(r.json.data.gstin).toBe("29AAKCF2931M1Z6");
  });

  it("answers 404 for a well-formed GSTIN nobody registered", async () => {
    const r = await api.call("GET", `${V1}/employer/gstin/27AAPFU0939F1ZV`, { token });
    expect(r).toEqual({
      status: 404,
      json: { success: 0, msg: "We could not find a company registered with GSTIN 27AAPFU0939F1ZV." },
    });
  });

  // docs/product.md, GST details: fresh companies for tests and demos.
  it.each([
    ["27AABCK4821Q1Z5", "Kingsmoss Textiles Private Limited", "27", "Maharashtra"],
    ["19AAAFW1234L1Z2", "Willowmere Logistics LLP", "19", "West Bengal"],
    ["36ABHPS7788R1Z9", "Saffronfield Healthcare Enterprises", "36", "Telangana"],
  ])("makes up a sample company for the valid GSTIN %s, in its state", async (gstin, name, code, state) => {
    const r = await api.call("GET", `${V1}/employer/gstin/${gstin}`, { token });
    expect(r).toEqual({
      status: 200,
      json: {
        success: 1,
        data: { gstin, company_name: name, state_code: code, state_name: state, is_sez: 0, sample: 1 },
      },
    });
    // The same GSTIN names the same company next time, and the company can be bought for.
    expect((await api.call("GET", `${V1}/employer/gstin/${gstin.toLowerCase()}`, { token })).json).toEqual(r.json);
    const other = await api.login(`98765000${code}`);
    const saved = await api.call("POST", "/api/employer/v1/carts/update", {
      token: other,
      body: { type: "company", item: { gstin } },
    });
    expect(saved.status).toBe(200);
    expect(saved.json.data.company).toMatchObject({ gstin, company_name: name, sample: 1 });
    const plans = await api.call("POST", `${V1}/plan/get-plans`, { token, body: { gstin, coverage_ids: [] } });
    expect(plans.status).toBe(200);
  });

  it("answers 400 for a malformed GSTIN", async () => {
    const typo = await api.call("GET", `${V1}/employer/gstin/29AAKCF2931M1Z7`, { token });
    expect(typo.status).toBe(400);
    expect(typo.json.msg).toMatch(/last character does not match/);
    const short = await api.call("GET", `${V1}/employer/gstin/29AAKCF`, { token });
    expect(short.status).toBe(400);
    expect(short.json.msg).toBe("A GSTIN has exactly 15 letters or digits.");
  });
});

describe("GET /employer/search-employer", () => {
  it("matches any part of the name, case-insensitively, sorted by name", async () => {
    const r = await api.call("GET", `${V1}/employer/search-employer?text=LEAF`, { token });
    expect(r.status).toBe(200);
    const names = r.json.data.map((c: { company_name: string }) => c.company_name);
    expect(names).toEqual([
      "Amberleaf Tea Estates Private Limited",
      "Cedarleaf Software Private Limited",
      "Fernleaf Analytics Private Limited",
    ]);
    expect(r.json.data[2]).toEqual({
      gstin: "29AAKCF2931M1Z6",
      company_name: "Fernleaf Analytics Private Limited",
      state_code: "29",
      state_name: "Karnataka",
      is_sez: 0,
      sample: 0,
    });
  });

  it("returns at most 20", async () => {
    const r = await api.call("GET", `${V1}/employer/search-employer?text=private`, { token });
    expect(r.json.data).toHaveLength(20);
    const names = r.json.data.map((c: { company_name: string }) => c.company_name);
    expect(names).toEqual([...names].sort());
  });

  it("treats LIKE wildcards as text", async () => {
    const r = await api.call("GET", `${V1}/employer/search-employer?text=${encodeURIComponent("%")}`, { token });
    expect(r.json).toEqual({ success: 1, data: [] });
  });

  it("needs some text", async () => {
    const r = await api.call("GET", `${V1}/employer/search-employer?text=%20`, { token });
    expect(r.status).toBe(400);
    expect(r.json.msg).toBe("Type part of the company name.");
  });
});

describe("plans and coverages", () => {
  it("lists the seven coverages", async () => {
    const r = await api.call("GET", `${V1}/plan/coverages`, { token });
    expect(r.json.data).toHaveLength(7);
    expect(r.json.data[0]).toEqual({
      id: "group-health-insurance",
      name: "Group Health Insurance",
      description: expect.any(String),
      is_default: 1,
      is_required: 1,
      monthly_paise: 0,
    });
    const defaults = r.json.data
      .filter((c: { is_default: number }) => c.is_default === 1)
      .map((c: { id: string }) => c.id);
    expect(defaults).toEqual(["group-health-insurance", "doctor-consultation", "discounted-health-checkups"]);
  });

  it("answers the public catalogue without a sign-in: from-prices with nothing paid added, and who underwrites", async () => {
    const r = await api.call("GET", `${V1}/plan/catalogue`);
    expect(r.status).toBe(200);
    const { plans, coverages } = r.json.data;
    expect(coverages).toHaveLength(7);
    // Youngest band, employee only: the rate alone (sandbox/catalog/PRICES.md), as no paid benefit is chosen.
    expect(
      plans.map((p: { plan_id: string; from_monthly_paise: number }) => [p.plan_id, p.from_monthly_paise]),
    ).toEqual([
      ["kavach-essential", 15000],
      ["kavach-standard", 23300],
      ["kavach-plus", 29300],
      ["kavach-premium", 39000],
    ]);
    expect(plans[0].features[0]).toBe("Sum insured ₹1,00,000 per family per year");
    expect(plans[0].underwriting).toEqual({
      insurer: { name: expect.any(String), irdai_registration_no: expect.stringMatching(/^\d{3}$/) },
      intermediary: {
        name: "Kavach Health Benefits Private Limited",
        kind: expect.any(String),
        irdai_registration_no: expect.stringMatching(/^CA\d{4}$/),
      },
      sample: true,
    });
  });

  it("prices the public catalogue as get-plans does for the included cover alone", async () => {
    const pub = await api.call("GET", `${V1}/plan/catalogue`);
    const signedIn = await api.call("POST", `${V1}/plan/get-plans`, {
      token,
      body: { gstin: "29AAKCF2931M1Z6", coverage_ids: [] },
    });
    const prices = (plans: { plan_id: string; from_monthly_paise: number }[]) =>
      plans.map((p) => [p.plan_id, p.from_monthly_paise]);
    expect(prices(pub.json.data.plans)).toEqual(prices(signedIn.json.data.plans));
  });

  it("lists four plans with from-prices for the chosen coverages", async () => {
    const r = await api.call("POST", `${V1}/plan/get-plans`, {
      token,
      body: { gstin: "29AAKCF2931M1Z6", coverage_ids: ["doctor-consultation"] },
    });
    expect(r.status).toBe(200);
    expect(r.json.data.source).toBeNull();
    const plans = r.json.data.plans;
    expect(plans.map((p: { name: string }) => p.name)).toEqual([
      "Kavach Essential",
      "Kavach Standard",
      "Kavach Plus",
      "Kavach Premium",
    ]);
    expect(plans.map((p: { sum_insured_inr: number }) => p.sum_insured_inr)).toEqual([100000, 200000, 300000, 500000]);
    expect(plans.map((p: { default_visibility: number }) => p.default_visibility)).toEqual([1, 1, 1, 0]);
    // Youngest band, employee only, plus ₹49 doctor consultation (insurance is always included at 0).
    expect(plans.map((p: { from_monthly_paise: number }) => p.from_monthly_paise)).toEqual([
      19900, 28200, 34200, 43900,
    ]);
    expect(plans[0]).toMatchObject({ plan_id: "kavach-essential", group_id: "kavach-si-100000" });
    expect(plans[0].features.length).toBeGreaterThan(2);
  });

  it("echoes the partner source", async () => {
    const r = await api.call("POST", `${V1}/plan/get-plans`, {
      token,
      body: { gstin: "29AAKCF2931M1Z6", coverage_ids: [], source: "Godrej", mid: "m-1", identifier: "abc" },
    });
    expect(r.json.data.source).toBe("Godrej");
    expect(r.json.data.plans[0].from_monthly_paise).toBe(15000);
  });

  it("refuses unknown coverages and unknown companies", async () => {
    const cov = await api.call("POST", `${V1}/plan/get-plans`, {
      token,
      body: { gstin: "29AAKCF2931M1Z6", coverage_ids: ["yoga"] },
    });
    expect(cov).toEqual({ status: 400, json: { success: 0, msg: "Unknown coverage: yoga." } });
    const company = await api.call("POST", `${V1}/plan/get-plans`, {
      token,
      body: { gstin: "27AAPFU0939F1ZV", coverage_ids: [] },
    });
    expect(company.status).toBe(404);
    const missing = await api.call("POST", `${V1}/plan/get-plans`, { token, body: { gstin: "29AAKCF2931M1Z6" } });
    expect(missing.json.msg).toBe("coverage_ids is required.");
  });

  it("gives the rate table of a plan group", async () => {
    const r = await api.call("GET", `${V1}/plan/plan-pricing-details?group_id=kavach-si-200000&policy=yearly`, {
      token,
    });
    expect(r.status).toBe(200);
    const d = r.json.data;
    expect(d.group_id).toBe("kavach-si-200000");
    expect(d.policy).toBe("yearly");
    expect(d.yearly_discount_pct).toBe(10);
    expect(d.ranges).toEqual([
      { code: "1A", label: "Employee only" },
      { code: "2A", label: "Employee + spouse" },
      { code: "2A+2C", label: "Employee, spouse and two children" },
    ]);
    expect(d.bands.map((b: { code: string }) => b.code)).toEqual(["18-35", "36-45", "46-55", "56-65"]);
    expect(d.bands[0].label).toBe("18–35 years");
    expect(d.rates).toHaveLength(12);
    expect(d.rates[0]).toEqual({ band: "18-35", range: "1A", monthly_paise: 23300 });
    expect(d.rates[11]).toEqual({ band: "56-65", range: "2A+2C", monthly_paise: 193400 });
  });

  it("refuses an unknown group or policy", async () => {
    const group = await api.call("GET", `${V1}/plan/plan-pricing-details?group_id=nope&policy=monthly`, { token });
    expect(group.status).toBe(404);
    const policy = await api.call("GET", `${V1}/plan/plan-pricing-details?group_id=kavach-si-200000&policy=weekly`, {
      token,
    });
    expect(policy).toEqual({ status: 400, json: { success: 0, msg: "policy must be monthly or yearly." } });
  });

  it("says who each family cover includes", async () => {
    const r = await api.call("GET", `${V1}/plan/plan-for-relation`, { token });
    expect(r.json.data).toEqual([
      { range: "1A", relations: ["Employee"] },
      { range: "2A", relations: ["Employee", "Spouse"] },
      { range: "2A+2C", relations: ["Employee", "Spouse", "First child", "Second child"] },
    ]);
  });

  it("offers monthly and yearly payment", async () => {
    const r = await api.call("GET", `${V1}/checkout/payment-options`, { token });
    expect(r.json).toEqual({
      success: 1,
      data: [
        { policy: "monthly", label: "Monthly", months: 1, discount_pct: 0 },
        { policy: "yearly", label: "Yearly", months: 12, discount_pct: 10 },
      ],
    });
  });

  it("answers getempdata with an empty list", async () => {
    expect((await api.call("GET", `${V1}/getempdata`, { token })).json).toEqual({ success: 1, data: [] });
  });
});

describe("public content", () => {
  it("serves testimonials without a token", async () => {
    const r = await api.call("GET", `${V1}/web-contents`);
    expect(r.status).toBe(200);
    const t = r.json.data.testimonials;
    expect(t.length).toBeGreaterThanOrEqual(6);
    for (const item of t) {
      expect(item.testimonialContent.length).toBeGreaterThan(40);
      expect(item.author.imageUrl).toMatch(/^\/images\/testimonials\/[a-z-]+\.svg$/);
      expect(item.author).toEqual({
        name: expect.any(String),
        organization: expect.any(String),
        designation: expect.any(String),
        imageUrl: expect.any(String),
      });
    }
    expect(new Set(t.map((x: { id: string }) => x.id)).size).toBe(t.length);
  });

  it("serves the FAQ without a token", async () => {
    const r = await api.call("GET", "/api/global/faq");
    expect(r.json.data.length).toBeGreaterThanOrEqual(8);
    for (const f of r.json.data)
      expect(f).toEqual({ question: expect.stringMatching(/\?$/), answer: expect.any(String) });
  });

  it("serves the latest terms with the platform header", async () => {
    const r = await api.call("GET", "/api/tnc", { headers: { platform: "web" } });
    expect(r.status).toBe(200);
    expect(r.json.data.version).toBe(2);
    expect(r.json.data.title).toBe("Terms of use");
    expect(r.json.data.sections.length).toBeGreaterThan(5);
  });

  it("serves a named version", async () => {
    const r = await api.call("GET", "/api/tnc?version=1", { headers: { platform: "web" } });
    expect(r.json.data).toMatchObject({ version: 1, title: "Terms of use", updated_at: "2022-04-01" });
    expect(r.json.data.sections[0]).toEqual({ heading: expect.any(String), body: expect.any(String) });
  });

  it("needs the platform header", async () => {
    const r = await api.call("GET", "/api/tnc?version=1");
    expect(r).toEqual({ status: 400, json: { success: 0, msg: "platform header required" } });
    const other = await api.call("GET", "/api/tnc", { headers: { platform: "android" } });
    expect(other.status).toBe(400);
  });

  it("answers 404 for an unknown version and 400 for a bad one", async () => {
    const unknown = await api.call("GET", "/api/tnc?version=9", { headers: { platform: "web" } });
    expect(unknown.status).toBe(404);
    expect(unknown.json.success).toBe(0);
    const bad = await api.call("GET", "/api/tnc?version=x", { headers: { platform: "web" } });
    expect(bad.status).toBe(400);
  });
});
