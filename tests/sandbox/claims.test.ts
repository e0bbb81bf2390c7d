import { afterEach, describe, expect, it } from "vitest";
import { type TestApi, checkoutForms, startApi, wrongCode } from "./helpers";
import { claimsTeam, employeeSignIn } from "./claims-team";
import { DAY, leaver, paidTeam } from "./paid-membership";

const E = "/api/employee/v1";
const HOUR = 60 * 60 * 1000;
// The helpers' clock: 2 June 2025, 10:00 in India; cover starts that day.
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const file = (name: string, bytes: Buffer) => ({ file_name: name, content_base64: bytes.toString("base64") });

let api: TestApi;
afterEach(async () => {
  await api.close();
});

async function signedIn(testClock = true) {
  api = await startApi({ testClock });
  const team = await claimsTeam(api);
  const asha = (await employeeSignIn(api, team.mobiles["E-1"])).json.data.token as string;
  const meera = (await employeeSignIn(api, team.mobiles["E-2"])).json.data.token as string;
  const as = (token: string) => ({
    get: (path: string) => api.call("GET", `${E}${path}`, { token }),
    post: (path: string, body: unknown) => api.call("POST", `${E}${path}`, { token, body }),
    raw: (path: string) => fetch(`${api.base}${E}${path}`, { headers: { authorization: `Bearer ${token}` } }),
  });
  return { team, asha: as(asha), meera: as(meera), tokens: { asha, meera } };
}

async function cashlessHospital(place = "560034") {
  const found = await api.call("GET", `/api/global/hospitals?place=${place}&cashless=1`);
  return found.json.data.hospitals[0] as { hospital_id: string; name: string };
}

const reimbursement = (memberId: string, more: Record<string, unknown> = {}) => ({
  member_id: memberId,
  care: "inpatient",
  hospital_name: "Shree Clinic, Hubballi",
  treatment_from: "2025-06-02",
  treatment_to: "2025-06-02",
  reason: "Fever and dehydration, admitted for fluids",
  amount_paise: 40_000_00,
  documents: [file("bill.pdf", PDF), file("discharge.png", PNG)],
  ...more,
});

describe("an employee's own sign-in and cover", () => {
  it("signs in with the census's number, sees their family's cover and e-cards, and no one else's", async () => {
    const { team, asha, meera } = await signedIn();
    const cover = (await meera.get("/cover")).json.data;
    expect(cover.employee.full_name).toBe("Meera Nair");
    expect(cover.members.map((m: { full_name: string }) => m.full_name)).toEqual(["Meera Nair", "Rahul Nair"]);
    expect(cover.sum_insured).toEqual({
      total_paise: 1_00_000_00,
      paid_paise: 0,
      held_paise: 0,
      left_paise: 1_00_000_00,
    });
    expect(cover.policy.period).toEqual({ from: "2025-06-02", to: "2026-06-01" });

    const own = await meera.raw(`/members/${team.ids.rahul}/e-card/pdf`);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await own.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    // Another family's member answers as an unknown one would.
    const other = await asha.raw(`/members/${team.ids.rahul}/e-card/pdf`);
    expect(other.status).toBe(404);
    expect(JSON.stringify((await asha.get("/cover")).json.data)).not.toContain("Nair");
  });

  it("keeps the employee's and the admin's tokens apart", async () => {
    const { team, tokens } = await signedIn();
    expect((await api.call("GET", `${E}/cover`, { token: team.adminToken })).status).toBe(401);
    expect((await api.call("GET", "/api/employer/v1/membership/census", { token: tokens.asha })).status).toBe(401);
    expect((await api.call("GET", "/api/employer/v1/membership/claims", { token: tokens.asha })).status).toBe(401);
    expect((await api.call("GET", `${E}/cover`)).status).toBe(401);
  });

  it("refuses a number the census does not give for an employee, and a wrong code", async () => {
    api = await startApi({ testClock: true });
    await claimsTeam(api);
    const stranger = await employeeSignIn(api, "7000000001");
    expect(stranger.status).toBe(404);
    expect(stranger.json.msg).toMatch(/not given for any employee/);
    const team = await claimsTeam(api);
    await api.sendCode(team.mobiles["E-1"]);
    const wrong = await api.call("POST", `${E}/sign-in`, {
      body: {
        mobile_no: team.mobiles["E-1"],
        country_id: 91,
        code: wrongCode(await api.lastCode(team.mobiles["E-1"])),
      },
    });
    expect(wrong.status).toBe(400);
  });

  it("signs out: the token opens nothing after", async () => {
    const { asha } = await signedIn();
    expect((await asha.get("/logout")).status).toBe(200);
    expect((await asha.get("/cover")).status).toBe(401);
  });
});

describe("the network's hospitals", () => {
  it("finds a PIN code's hospitals first, then its district's, paged, marked sample data", async () => {
    api = await startApi();
    const first = (await api.call("GET", "/api/global/hospitals?place=560034&page_size=5")).json.data;
    expect(first.sample).toBe(true);
    expect(first.note).toMatch(/Sample data/);
    expect(first.hospitals).toHaveLength(5);
    expect(first.hospitals.slice(0, 4).every((h: { pin_code: string }) => h.pin_code === "560034")).toBe(true);
    expect(first.hospitals[4].pin_code).toMatch(/^560/);
    expect(first.total).toBe(24);
    const second = (await api.call("GET", "/api/global/hospitals?place=560034&page_size=5&page=2")).json.data;
    expect(second.hospitals[0].hospital_id).not.toBe(first.hospitals[0].hospital_id);
    const city = (await api.call("GET", "/api/global/hospitals?place=pune&page_size=50")).json.data;
    expect(city.hospitals.every((h: { city: string }) => h.city === "Pune")).toBe(true);
    const named = (await api.call("GET", "/api/global/hospitals?name=eye")).json.data;
    expect(named.total).toBeGreaterThan(0);
    expect(named.hospitals.every((h: { name: string }) => /eye/i.test(h.name))).toBe(true);
    const all = (await api.call("GET", "/api/global/hospitals?page_size=1")).json.data;
    expect(all.total).toBeGreaterThanOrEqual(300);
    const bad = await api.call("GET", "/api/global/hospitals?page_size=500");
    expect(bad.status).toBe(400);
  });
});

describe("cashless, step by step", () => {
  it("takes a planned admission through pre-authorisation to settlement on the TPA's clock, telling the employee each step", async () => {
    const { team, meera } = await signedIn(false);
    const hospital = await cashlessHospital();
    const made = await meera.post("/claims/cashless", {
      member_id: team.ids.rahul,
      hospital_id: hospital.hospital_id,
      admission: "planned",
      admission_date: "2025-06-05",
      reason: "Knee surgery after a fall",
      estimate_paise: 60_000_00,
    });
    expect(made.status).toBe(200);
    const id = made.json.data.claim_id as string;
    expect(id).toMatch(/^CL-2025-\d{6}$/);
    expect(made.json.data.status).toBe("intimated");

    api.advance(HOUR);
    const approved = (await meera.get(`/claims/${id}`)).json.data;
    expect(approved.status).toBe("approved");
    expect(approved.approved_paise).toBe(60_000_00);
    expect((await meera.get("/cover")).json.data.sum_insured.held_paise).toBe(60_000_00);

    // Not settled before the admission day has passed.
    api.advance(4 * HOUR);
    expect((await meera.get(`/claims/${id}`)).json.data.status).toBe("approved");
    // A session lasts 12 hours: the employee signs in again days later.
    api.advance(4 * 24 * HOUR);
    const later = (await employeeSignIn(api, team.mobiles["E-2"])).json.data.token as string;
    const settled = (await api.call("GET", `${E}/claims/${id}`, { token: later })).json.data;
    expect(settled.status).toBe("settled");
    expect(settled.paid_paise).toBe(60_000_00);
    expect(settled.events.map((e: { status: string }) => e.status)).toEqual(["intimated", "approved", "settled"]);
    expect((await api.call("GET", `${E}/cover`, { token: later })).json.data.sum_insured.left_paise).toBe(40_000_00);

    const emails = (await api.call("GET", `/api/sandbox/emails?to=${team.emailOf("E-2")}`)).json.data as {
      subject: string;
    }[];
    expect(
      emails
        .map((e) => e.subject)
        .filter((subject) => subject.includes(id))
        .reverse(),
    ).toEqual([
      `Cashless claim ${id}: intimation received`,
      `Cashless claim ${id}: approved for ₹60,000`,
      `Cashless claim ${id}: settled for ₹60,000`,
    ]);
    const sms = (await api.call("GET", `/api/sandbox/sms?mobile_no=${team.mobiles["E-2"]}`)).json.data as {
      text: string;
    }[];
    expect(sms.filter((m) => m.text.includes(id))).toHaveLength(3);
  });

  it("queries an estimate above the sum insured left, and approves what is left once answered", async () => {
    const { team, asha } = await signedIn();
    const hospital = await cashlessHospital();
    const made = await asha.post("/claims/cashless", {
      member_id: team.ids.asha,
      hospital_id: hospital.hospital_id,
      admission: "planned",
      admission_date: "2025-06-10",
      reason: "Gall bladder removal",
      estimate_paise: 1_50_000_00,
    });
    expect(made.json.data.status).toBe("queried");
    expect(made.json.data.query).toMatch(/more than the ₹1,00,000 left/);
    const answered = await asha.post(`/claims/${made.json.data.claim_id}/answer`, {
      answer: "Yes, we will pay the rest.",
    });
    expect(answered.json.data.status).toBe("settled");
    expect(answered.json.data.paid_paise).toBe(1_00_000_00);
    // Nothing left: the next intimation is refused at the door.
    const again = await asha.post("/claims/cashless", {
      member_id: team.ids.asha,
      hospital_id: hospital.hospital_id,
      admission: "planned",
      admission_date: "2025-07-10",
      reason: "Follow-up surgery",
      estimate_paise: 10_000_00,
    });
    expect(again.status).toBe(400);
    expect(again.json.msg).toMatch(/used up/);
  });

  it("refuses an excluded treatment with the wording's reason", async () => {
    const { team, asha } = await signedIn();
    const hospital = await cashlessHospital();
    const made = await asha.post("/claims/cashless", {
      member_id: team.ids.asha,
      hospital_id: hospital.hospital_id,
      admission: "planned",
      admission_date: "2025-06-10",
      reason: "Cosmetic nose surgery",
      estimate_paise: 80_000_00,
    });
    expect(made.json.data.status).toBe("refused");
    expect(made.json.data.refusal).toMatch(/Cosmetic or plastic surgery/);
  });

  it("holds the rules: cover dates, 48 hours' notice, 24 hours for an emergency, one open intimation, cashless hospitals", async () => {
    const { team, asha } = await signedIn(false);
    const hospital = await cashlessHospital();
    const base = {
      member_id: team.ids.asha,
      hospital_id: hospital.hospital_id,
      admission: "planned",
      admission_date: "2025-06-10",
      reason: "Hernia repair",
      estimate_paise: 50_000_00,
    };
    const refused = async (body: Record<string, unknown>, message: RegExp) => {
      const r = await asha.post("/claims/cashless", { ...base, ...body });
      expect(r.status, JSON.stringify(r.json)).toBeGreaterThanOrEqual(400);
      expect(r.json.msg).toMatch(message);
    };
    await refused({ admission_date: "2025-06-03" }, /at least 48 hours/);
    await refused({ admission_date: "2026-06-02" }, /covered from 2 June 2025 to 1 June 2026/);
    await refused({ member_id: team.ids.rahul }, /no such member/);
    await refused({ admission: "emergency", admission_date: "2025-06-01", admission_time: "09:00" }, /within 24 hours/);
    await refused(
      { admission: "emergency", admission_date: "2025-06-02", admission_time: "11:00" },
      /once it has happened/,
    );
    const reimbursementOnly = (await api.call("GET", "/api/global/hospitals?page_size=50")).json.data.hospitals.find(
      (h: { cashless: boolean }) => !h.cashless,
    );
    await refused({ hospital_id: reimbursementOnly.hospital_id }, /reimbursement only/);
    await refused({ hospital_id: "HSP-9999" }, /from the network list/);
    expect((await asha.post("/claims/cashless", base)).status).toBe(200);
    await refused({}, /already intimated/);
    const emergency = await asha.post("/claims/cashless", {
      ...base,
      admission: "emergency",
      admission_date: "2025-06-02",
      admission_time: "01:30",
    });
    expect(emergency.status).toBe(200);
    expect((await asha.get("/cover")).json.data.claims).toHaveLength(2);
  });
});

describe("reimbursement", () => {
  it("refuses a bad file and saves nothing, then settles an accepted claim in part with the deductions listed", async () => {
    const { team, meera } = await signedIn();
    const text = file("bill.pdf", Buffer.from("just some text, not a PDF"));
    const bad = await meera.post(
      "/claims/reimbursements",
      reimbursement(team.ids.meera, { documents: [file("a.pdf", PDF), text] }),
    );
    expect(bad.status).toBe(400);
    expect(bad.json.msg).toBe("bill.pdf is not a PDF, JPEG or PNG file.");
    const big = await meera.post(
      "/claims/reimbursements",
      reimbursement(team.ids.meera, {
        documents: [file("scan.png", Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]))],
      }),
    );
    expect(big.status).toBe(400);
    expect(big.json.msg).toMatch(/larger than 5 MB/);
    const many = await meera.post(
      "/claims/reimbursements",
      reimbursement(team.ids.meera, { documents: Array.from({ length: 11 }, (_, i) => file(`p${i}.pdf`, PDF)) }),
    );
    expect(many.json.msg).toBe("Attach at most 10 files.");
    expect((await meera.get("/cover")).json.data.claims).toEqual([]);

    const filed = await meera.post("/claims/reimbursements", reimbursement(team.ids.meera));
    expect(filed.status).toBe(200);
    const claim = filed.json.data;
    expect(claim.status).toBe("settled");
    expect(claim.paid_paise).toBe(38_000_00);
    expect(claim.deductions).toEqual([{ reason: expect.stringMatching(/^Non-medical items/), paise: 2_000_00 }]);
    expect(
      claim.documents.map((d: { file_name: string; content_type: string }) => [d.file_name, d.content_type]),
    ).toEqual([
      ["bill.pdf", "application/pdf"],
      ["discharge.png", "image/png"],
    ]);
    expect((await meera.get("/cover")).json.data.sum_insured.left_paise).toBe(62_000_00);
    const doc = await meera.raw(`/claims/${claim.claim_id}/documents/1`);
    expect(Buffer.from(await doc.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it("settles a small day-care bill in full, and an out-patient bill near that stay, within the cover's dates", async () => {
    const { team, asha } = await signedIn();
    const full = await asha.post(
      "/claims/reimbursements",
      reimbursement(team.ids.asha, { care: "daycare", amount_paise: 8_500_00, reason: "Cataract surgery" }),
    );
    expect(full.json.data).toMatchObject({ status: "settled", paid_paise: 8_500_00, deductions: [] });
    const opd = await asha.post(
      "/claims/reimbursements",
      reimbursement(team.ids.asha, {
        care: "outpatient",
        amount_paise: 1_200_00,
        reason: "Consultation for a cough",
        treatment_from: "2025-05-28",
        treatment_to: "2025-05-28",
      }),
    );
    expect(opd.status).toBe(400);
    expect(opd.json.msg).toMatch(/covered from 2 June 2025/);
    const nearStay = await asha.post(
      "/claims/reimbursements",
      reimbursement(team.ids.asha, {
        care: "outpatient",
        amount_paise: 1_200_00,
        reason: "Consultation for a cough",
        treatment_from: "2025-06-02",
      }),
    );
    // The day-care stay is within 30 days: the out-patient bill near it is paid.
    expect(nearStay.json.data).toMatchObject({ status: "settled", paid_paise: 1_200_00 });
  });

  it("refuses an out-patient bill far from any covered stay", async () => {
    const { team } = await signedIn();
    api.advance(40 * 24 * HOUR);
    const meeraAgain = (await employeeSignIn(api, team.mobiles["E-2"])).json.data.token as string;
    const r = await api.call("POST", `${E}/claims/reimbursements`, {
      token: meeraAgain,
      body: reimbursement(team.ids.rahul, {
        care: "outpatient",
        amount_paise: 1_500_00,
        reason: "Blood tests and a consultation",
        treatment_from: "2025-07-10",
        treatment_to: "2025-07-10",
      }),
    });
    expect(r.json.data.status).toBe("refused");
    expect(r.json.data.refusal).toMatch(/out-patient consultations, tests and medicines/);
  });
});

describe("another family's claims", () => {
  it("are refused for every identity: the other employee, the admin, no token", async () => {
    const { team, asha, meera } = await signedIn();
    const claim = (await meera.post("/claims/reimbursements", reimbursement(team.ids.meera))).json.data;
    const id = claim.claim_id as string;
    expect((await asha.get(`/claims/${id}`)).status).toBe(404);
    expect((await asha.raw(`/claims/${id}/documents/1`)).status).toBe(404);
    expect((await asha.post(`/claims/${id}/answer`, { answer: "Yes, we will pay." })).status).toBe(404);
    expect((await asha.post("/claims/reimbursements", reimbursement(team.ids.rahul))).status).toBe(404);
    for (const token of [team.adminToken, undefined]) {
      expect((await api.call("GET", `${E}/claims/${id}`, { token })).status).toBe(401);
      expect((await api.call("GET", `${E}/claims/${id}/documents/1`, { token })).status).toBe(401);
    }
    expect((await meera.get(`/claims/${id}`)).status).toBe(200);
  });
});

describe("the admin's summary", () => {
  it("counts claims by status and amount, with the claims ratio, and no name, reason or document", async () => {
    const { team, meera, asha } = await signedIn();
    await meera.post("/claims/reimbursements", reimbursement(team.ids.rahul));
    await asha.post(
      "/claims/reimbursements",
      reimbursement(team.ids.asha, { care: "outpatient", amount_paise: 1_000_00, reason: "Dental braces consult" }),
    );
    const summary = await api.call("GET", "/api/employer/v1/membership/claims", { token: team.adminToken });
    expect(summary.status).toBe(200);
    const s = summary.json.data;
    expect(s.count).toBe(2);
    expect(s.paid_paise).toBe(38_000_00);
    expect(s.by_status.map((b: { status: string; count: number }) => [b.status, b.count])).toEqual([
      ["settled", 1],
      ["refused", 1],
    ]);
    expect(s.premium_paise).toBeGreaterThan(0);
    expect(s.claims_ratio_pct).toBe(Math.round((38_000_00 / s.premium_paise) * 1000) / 10);
    expect(s.sample).toBe(true);
    const text = JSON.stringify(s);
    for (const secret of ["Rahul", "Meera", "Asha", "Fever", "Dental", "bill.pdf", "Shree Clinic", team.ids.rahul]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe("erasure", () => {
  it("erases a family's claims, their documents and sessions with the members, three years after the policy ends", async () => {
    const { team, meera } = await signedIn();
    const claimId = (await meera.post("/claims/reimbursements", reimbursement(team.ids.meera))).json.data.claim_id;
    expect(claimId).toMatch(/^CL-/);
    const census = await api.call("GET", "/api/employer/v1/membership/census", { token: team.adminToken });
    expect(census.json.data.total).toBe(4);
    const orderId = (await api.call("GET", "/api/employer/v1/membership", { token: team.adminToken })).json.data.order
      .order_id;
    await api.call("POST", "/api/sandbox/clock/membership", { body: { order_id: orderId, advance_days: 1461 } });
    const purged = await api.call("POST", "/api/sandbox/retention/purge");
    expect(purged.json.data.erased).toHaveLength(1);
    expect((await meera.get(`/claims/${claimId}`)).status).toBe(401);
    const summary = await api.call("GET", "/api/employer/v1/membership/claims", { token: team.adminToken });
    expect(summary.json.data.count).toBe(0);
  });
});

describe("a leaver whose family had a claim paid", () => {
  it("is named by employee code in the admin's summary, beside their removal's refund, and nothing more", async () => {
    const { team, meera } = await signedIn();
    await meera.post("/claims/reimbursements", reimbursement(team.ids.rahul));
    const summaryOf = async () =>
      (await api.call("GET", "/api/employer/v1/membership/claims", { token: team.adminToken })).json.data;
    expect((await summaryOf()).leavers_with_paid_claims).toEqual([]);
    const post = (path: string, body: unknown) =>
      api.call("POST", `/api/employer/v1${path}`, { token: team.adminToken, body });
    const quoted = await post("/membership/changes/quote", leaver("2025-06-10", "E-2"));
    expect(quoted.status, JSON.stringify(quoted.json)).toBe(200);
    const confirmed = await post(`/membership/changes/${quoted.json.data.change.change_id}/confirm`, {});
    expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
    expect((await summaryOf()).leavers_with_paid_claims).toEqual(["E-2"]);
  });
});

describe("the period an employee signs in to", () => {
  it("is the one running today once a renewal is paid, and a number two employees share opens neither", async () => {
    api = await startApi({ testClock: true });
    const team = await claimsTeam(api);
    const admin = { token: team.adminToken };
    api.advance(352 * DAY);
    // A session lasts hours: the admin signs in again, a year on.
    admin.token = await api.login(team.adminMobile);
    const ordered = await api.call("POST", "/api/employer/v1/membership/renewal/order", {
      token: admin.token,
      body: { policy: "yearly", callback_url: "https://app.example/checkout/payment/callback" },
    });
    expect(ordered.status, JSON.stringify(ordered.json)).toBe(200);
    const page = await api.html(`/api/sandbox/checkout/${ordered.json.data.order_id}`);
    const pay = [...checkoutForms(page.text).entries()].find(([label]) => label.endsWith("— Success"))![1];
    const paid = await api.call("POST", "/api/employer/v1/checkout/order/verify", { body: pay.fields });
    expect(paid.json.data.status).toBe("paid");
    // Still the first period's last days: its cover, not the next one's.
    const before = (await employeeSignIn(api, team.mobiles["E-2"])).json.data.token as string;
    const first = (await api.call("GET", `${E}/cover`, { token: before })).json.data;
    expect(first.policy.period).toEqual({ from: "2025-06-02", to: "2026-06-01" });
    api.advance(15 * DAY);
    const after = (await employeeSignIn(api, team.mobiles["E-2"])).json.data.token as string;
    const next = (await api.call("GET", `${E}/cover`, { token: after })).json.data;
    expect(next.policy.period).toEqual({ from: "2026-06-02", to: "2027-06-01" });

    // paidTeam names its three employees with one number: a slip the admin must correct.
    await paidTeam(api, "yearly");
    const refused = await employeeSignIn(api, "9876543210");
    expect(refused.status).toBe(409);
    expect(refused.json.msg).toMatch(/more than one employee/);
  });
});
