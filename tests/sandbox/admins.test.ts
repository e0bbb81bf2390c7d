import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TestApi, checkoutForms, startApi } from "./helpers";
import { BANYAN, DAY, KARNATAKA, V1, joiner, leaver, paidTeam } from "./paid-membership";

/**
 * More than one admin and a GSTIN's one membership (docs/product.md, More than one admin and One
 * membership per company; docs/decisions/0052), through the API as each person would call it.
 */

let api: TestApi;
beforeEach(async () => {
  api = await startApi();
});
afterEach(async () => {
  await api.close();
});

let nextMobile = 9400000001;
const fresh = () => String(nextMobile++);
const as = (token: string | undefined) => ({
  get: (path: string) => api.call("GET", `${V1}${path}`, { token }),
  post: (path: string, body: unknown = {}) => api.call("POST", `${V1}${path}`, { token, body }),
});
const smsTo = async (mobileNo: string): Promise<string[]> =>
  ((await api.call("GET", `/api/sandbox/sms?mobile_no=${mobileNo}`)).json.data as { text: string }[]).map(
    (m) => m.text,
  );
const emailsTo = async (to: string): Promise<{ subject: string; text: string }[]> =>
  (await api.call("GET", `/api/sandbox/emails?to=${encodeURIComponent(to)}`)).json.data;

/** A colleague the owner invites, signed in with the usual code, who opens the membership (taking the invitation up). */
async function invited(ownerToken: string, name: string, role: "admin" | "hr" | "finance") {
  const mobileNo = fresh();
  const sent = await as(ownerToken).post("/membership/team/invitations", { name, mobile_no: mobileNo, role });
  expect(sent.status).toBe(200);
  const token = await api.login(mobileNo);
  // They land on the company's membership, as what the role allows.
  const landed = await as(token).get("/membership");
  expect(landed.json.data.you).toMatchObject({ name, role });
  const id: number = sent.json.data.people.find((p: { name: string }) => p.name === name).id;
  return { mobileNo, token, id, ...as(token) };
}

describe("a GSTIN has one membership", () => {
  it("stops a second buyer at the GSTIN step, naming the owner's number masked, and their request is accepted", async () => {
    const owner = await paidTeam(api, "yearly", KARNATAKA);
    const buyer = fresh();
    const token = await api.login(buyer);
    const masked = `${owner.mobileNo.slice(0, 2)}••••••${owner.mobileNo.slice(-2)}`;
    const message = `Fernleaf Analytics Private Limited already has a Kavach membership; its admin, ${masked}, can add you.`;

    const lookup = await as(token).get(`/employer/gstin/${KARNATAKA}`);
    expect({ status: lookup.status, msg: lookup.json.msg }).toEqual({ status: 409, msg: message });
    expect(lookup.json.data.membership_taken).toMatchObject({ owner_mobile: masked, you_have_access: false });
    // Skipping the look-up does not help: the cart refuses the company too.
    const saved = await as(token).post("/carts/update", { type: "company", item: { gstin: KARNATAKA } });
    expect({ status: saved.status, msg: saved.json.msg }).toEqual({ status: 409, msg: message });

    const asked = await as(token).post(`/employer/gstin/${KARNATAKA}/access-request`, { name: "Ravi Kumar" });
    expect(asked.status).toBe(200);
    expect(await smsTo(owner.mobileNo)).toContainEqual(expect.stringContaining("Ravi Kumar (94••••••"));
    expect((await emailsTo(owner.adminEmail)).map((e) => e.subject)).toContain(
      "Ravi Kumar asks to be added to Fernleaf Analytics Private Limited's Kavach membership",
    );
    // Asking twice makes one request.
    await as(token).post(`/employer/gstin/${KARNATAKA}/access-request`, { name: "Ravi Kumar" });
    const team = await owner.get("/membership/team");
    expect(team.json.data.requests).toEqual([expect.objectContaining({ name: "Ravi Kumar" })]);

    const accepted = await owner.post(`/membership/team/requests/${team.json.data.requests[0].id}/accept`, {
      role: "hr",
    });
    expect(accepted.json.data.requests).toEqual([]);
    expect(await smsTo(buyer)).toContainEqual(expect.stringContaining("added you to Fernleaf"));
    const membership = await as(token).get("/membership");
    expect(membership.json.data.company.company_name).toBe("Fernleaf Analytics Private Limited");
    expect(membership.json.data.you).toMatchObject({ name: "Ravi Kumar", role: "hr" });
    // Now a colleague, the look-up says so rather than naming the owner.
    expect((await as(token).get(`/employer/gstin/${KARNATAKA}`)).json.data.membership_taken.you_have_access).toBe(true);
  });

  it("tells a declined requester, who gets no access", async () => {
    const owner = await paidTeam(api, "yearly", KARNATAKA);
    const stranger = fresh();
    const token = await api.login(stranger);
    await as(token).post(`/employer/gstin/${KARNATAKA}/access-request`, { name: "Mallory" });
    const [request] = (await owner.get("/membership/team")).json.data.requests;
    await owner.post(`/membership/team/requests/${request.id}/decline`, {});
    expect(await smsTo(stranger)).toContainEqual(expect.stringContaining("declined your request"));
    expect((await as(token).get("/membership")).json.data).toBeNull();
    expect((await as(token).get("/membership/census")).status).toBe(404);
  });

  it("lets only the first of two buyers at once pay", async () => {
    const first = fresh();
    const second = fresh();
    const tokens = [await api.login(first), await api.login(second)];
    for (const token of tokens) {
      const update = (type: string, item: unknown) => as(token).post("/carts/update", { type, item });
      expect((await update("company", { gstin: BANYAN })).status).toBe(200);
      await update("admin", { name: "Asha Rao", email: `asha-${token.slice(0, 6)}@banyan.example`, authorised: true });
      await update("plan", { plan_id: "kavach-essential", coverage_ids: [] });
      await update("people", { rows: [{ band: "18-35", range: "1A", count: 3 }] });
    }
    const callback = "https://app.example/checkout/payment/callback";
    const order = await as(tokens[0]).post("/checkout/order/create", { policy: "yearly", callback_url: callback });
    const page = await api.html(`/api/sandbox/checkout/${order.json.data.order_id}`);
    const success = [...checkoutForms(page.text).entries()].find(([l]) => l.endsWith("— Success"))![1];
    expect((await api.call("POST", `${V1}/checkout/order/verify`, { body: success.fields })).json.data.status).toBe(
      "paid",
    );
    const late = await as(tokens[1]).post("/checkout/order/create", { policy: "yearly", callback_url: callback });
    expect(late.status).toBe(409);
    expect(late.json.msg).toMatch(/^Banyan Ledger Technologies Private Limited already has a Kavach membership/);
  });

  it("asks the buyer to declare authority, and tells the company's registered email of the purchase", async () => {
    const token = await api.login(fresh());
    await as(token).post("/carts/update", { type: "company", item: { gstin: BANYAN } });
    const undeclared = await as(token).post("/carts/update", {
      type: "admin",
      item: { name: "Asha Rao", email: "asha@banyan.example", total_employees: 3 },
    });
    expect({ status: undeclared.status, msg: undeclared.json.msg }).toEqual({
      status: 400,
      msg: "Confirm that you are authorised to buy cover for this company.",
    });

    const owner = await paidTeam(api, "yearly", KARNATAKA);
    const orderId: string = (await owner.get("/membership")).json.data.order.order_id;
    const [notice] = await emailsTo("gst@fernleaf-analytics.example");
    expect(notice!.subject).toBe("A Kavach membership was bought for Fernleaf Analytics Private Limited");
    expect(notice!.text).toContain("Ananya Rao (mobile 93••••••");
    expect(notice!.text).toContain(`https://kavach.example/contact-us?report=${orderId}`);
  });
});

describe("roles", () => {
  it("lets HR add a joiner but not pay, and the statement names who made the change", async () => {
    const owner = await paidTeam(api, "monthly", KARNATAKA);
    const hr = await invited(owner.token(), "Hema Iyer", "hr");
    expect(await smsTo(hr.mobileNo)).toContainEqual(
      expect.stringContaining(
        "Ananya Rao invited you to Fernleaf Analytics Private Limited's group health membership as HR",
      ),
    );
    const quoted = await hr.post("/membership/changes/quote", joiner("2025-06-02"));
    expect(quoted.status).toBe(200);
    const id = quoted.json.data.change.change_id;
    const paying = await hr.post(`/membership/changes/${id}/pay`, { callback_url: "https://app.example/x" });
    expect({ status: paying.status, msg: paying.json.msg }).toEqual({
      status: 403,
      msg: "Your role on this membership (HR) does not allow this.",
    });
    // The joiner waits for its premium (docs/product.md, Changes during the year: no cover before premium); a leaver HR confirms alone.
    expect((await hr.post(`/membership/changes/${id}/confirm`)).status).toBe(409);
    const left = await hr.post("/membership/changes/quote", leaver("2025-06-02"));
    expect((await hr.post(`/membership/changes/${left.json.data.change.change_id}/confirm`)).status).toBe(200);
    const statement = (await owner.get("/membership/changes")).json.data;
    expect(JSON.stringify(statement)).toContain('"confirmed_by":"Hema Iyer"');
    expect((await hr.get("/membership")).json.data.you).toMatchObject({
      role: "hr",
      abilities: ["overview", "members"],
    });
  });

  it("lets finance download invoices but not read members' dates of birth", async () => {
    const owner = await paidTeam(api, "yearly", KARNATAKA);
    const finance = await invited(owner.token(), "Farah Khan", "finance");
    const overview = (await finance.get("/membership")).json.data;
    const invoiceId = overview.invoices[0].id;
    const pdf = await fetch(`${api.base}${V1}/invoices/${invoiceId}/pdf`, {
      headers: { authorization: `Bearer ${finance.token}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const census = await finance.get("/membership/census");
    expect(census.status).toBe(403);
    expect(JSON.stringify(census.json)).not.toContain("1995-01-01");
    expect(JSON.stringify(overview)).not.toContain("1995-01-01");
  });

  it("refuses a removed admin, and tells them", async () => {
    const owner = await paidTeam(api, "yearly", KARNATAKA);
    const admin = await invited(owner.token(), "Arun Das", "admin");
    expect((await admin.get("/membership/census")).status).toBe(200);
    await owner.post(`/membership/team/${admin.id}/remove`, {});
    expect(await smsTo(admin.mobileNo)).toContainEqual(expect.stringContaining("Ananya Rao removed your access"));
    const refused = await admin.get("/membership/census");
    expect({ status: refused.status, msg: refused.json.msg }).toEqual({
      status: 403,
      msg: "Your access to this membership was removed by its owner.",
    });
    // Signing in again changes nothing.
    api.advance(31_000);
    expect((await as(await api.login(admin.mobileNo)).get("/membership")).status).toBe(403);
  });

  it("hands ownership to an admin, keeping exactly one owner", async () => {
    const owner = await paidTeam(api, "yearly", KARNATAKA);
    const hr = await invited(owner.token(), "Hema Iyer", "hr");
    const handedToHr = await owner.post(`/membership/team/${hr.id}/owner`, {});
    expect(handedToHr.status).toBe(409);
    await owner.post(`/membership/team/${hr.id}/role`, { role: "admin" });
    const handed = await owner.post(`/membership/team/${hr.id}/owner`, {});
    expect({ status: handed.status, msg: handed.json.msg }).toEqual({ status: 200, msg: "Ownership is handed over." });
    // The former owner is an admin: the team is no longer theirs to change.
    expect((await owner.get("/membership/team")).status).toBe(403);
    const team = (await hr.get("/membership/team")).json.data;
    expect(team.people.filter((p: { role: string }) => p.role === "owner")).toEqual([
      expect.objectContaining({ name: "Hema Iyer" }),
    ]);
    expect(team.people).toContainEqual(expect.objectContaining({ name: "Ananya Rao", role: "admin" }));
    // The new owner may remove the one who bought it; the buyer is then refused on their own cart.
    const buyer = team.people.find((p: { name: string }) => p.name === "Ananya Rao");
    expect((await hr.post(`/membership/team/${buyer.id}/remove`, {})).status).toBe(200);
    expect((await owner.get("/membership")).status).toBe(403);
  });

  it("lets an invitation lapse after its days", async () => {
    const owner = await paidTeam(api, "yearly", KARNATAKA);
    const late = fresh();
    await owner.post("/membership/team/invitations", { name: "Lata Rao", mobile_no: late, role: "hr" });
    api.advance(7 * DAY + 1);
    const token = await api.login(late);
    expect((await as(token).get("/membership")).json.data).toBeNull();
    expect((await as(token).get("/membership/census")).status).toBe(404);
    await owner.later(0);
    const team = (await owner.get("/membership/team")).json.data;
    expect(team.people).toContainEqual(expect.objectContaining({ name: "Lata Rao", status: "expired" }));
    // Invited again, the number can take it up.
    await owner.post("/membership/team/invitations", { name: "Lata Rao", mobile_no: late, role: "hr" });
    expect((await as(token).get("/membership")).json.data.you.role).toBe("hr");
  });
});

/**
 * Every membership call as each person (docs/decisions/0052): the owner, an admin, HR and finance of
 * Fernleaf, a removed admin, Banyan's owner (another company) and someone signed out. A call a role may
 * make answers anything but 401 or 403 (a harmless body keeps the writes from writing); one it may not,
 * 403; signed out, 401. Another company's owner never sees Fernleaf's data.
 */
describe("every membership call, as every person", () => {
  type Ability = "overview" | "members" | "pay" | "documents" | "team";
  const ALLOWED: Record<string, Ability[]> = {
    owner: ["overview", "members", "pay", "documents", "team"],
    admin: ["overview", "members", "pay", "documents"],
    hr: ["overview", "members"],
    finance: ["overview", "pay", "documents"],
    removed: [],
  };

  it("allows each call to the roles that may make it and refuses everyone else", async () => {
    const owner = await paidTeam(api, "yearly", KARNATAKA);
    const other = await paidTeam(api, "yearly", BANYAN);
    const people = {
      owner: owner.token(),
      admin: (await invited(owner.token(), "Arun Das", "admin")).token,
      hr: (await invited(owner.token(), "Hema Iyer", "hr")).token,
      finance: (await invited(owner.token(), "Farah Khan", "finance")).token,
      removed: "",
    };
    const gone = await invited(owner.token(), "Rita Sen", "admin");
    await owner.post(`/membership/team/${gone.id}/remove`, {});
    people.removed = gone.token;

    const overview = (await owner.get("/membership")).json.data;
    const invoice = overview.invoices[0].id;
    const fernleafs = new RegExp(`Fernleaf Analytics|admin-${owner.mobileNo}|${overview.order.order_id}`);
    const member = (await owner.get("/membership/census")).json.data.members[0].member_id;
    const calls: [string, string, Ability, unknown?][] = [
      ["GET", "/membership", "overview"],
      ["GET", `/invoices/${invoice}`, "documents"],
      ["GET", `/invoices/${invoice}/pdf`, "documents"],
      ["GET", "/credit-notes/CN-none", "documents"],
      ["GET", "/credit-notes/CN-none/pdf", "documents"],
      ["GET", "/membership/census", "members"],
      ["POST", "/membership/census/check", "members", {}],
      ["POST", "/membership/census/confirm", "members", {}],
      ["POST", "/membership/census/members", "members", {}],
      ["GET", "/membership/policy", "members"],
      ["GET", "/membership/certificate/pdf", "members"],
      ["GET", `/membership/members/${member}/e-card/pdf`, "members"],
      ["GET", "/membership/e-cards/pdf", "members"],
      ["POST", "/membership/changes/quote", "members", {}],
      ["POST", "/membership/changes/quotes", "members", {}],
      ["POST", "/membership/changes/confirm", "members", {}],
      ["POST", "/membership/changes/none/confirm", "members", {}],
      ["GET", "/membership/changes/none", "members"],
      ["GET", "/membership/changes", "members"],
      ["POST", "/membership/changes/none/pay", "pay", {}],
      ["GET", "/membership/deposit", "pay"],
      ["POST", "/membership/deposit/withdrawals", "pay", {}],
      ["POST", "/membership/deposit/top-ups", "pay", {}],
      ["GET", "/membership/renewal", "pay"],
      ["POST", "/membership/renewal/order", "pay", {}],
      ["GET", `/membership/members/${member}`, "members"],
      ["POST", `/membership/members/${member}/correction`, "members", {}],
      ["GET", "/membership/corrections", "members"],
      ["POST", "/membership/mandate/cancel", "pay", {}],
      ["GET", "/membership/team", "team"],
      ["POST", "/membership/team/invitations", "team", {}],
      ["POST", "/membership/team/999/role", "team", { role: "hr" }],
      ["POST", "/membership/team/999/remove", "team", {}],
      ["POST", "/membership/team/999/owner", "team", {}],
      ["POST", "/membership/team/requests/999/accept", "team", { role: "hr" }],
      ["POST", "/membership/team/requests/999/decline", "team", {}],
    ];
    const answer = async (method: string, path: string, token: string | undefined, body?: unknown) => {
      const res = await fetch(`${api.base}${V1}${path}`, {
        method,
        headers: {
          ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, text: Buffer.from(await res.arrayBuffer()).toString("latin1") };
    };

    const seen: string[] = [];
    for (const [method, path, ability, body] of calls) {
      for (const [who, token] of Object.entries(people)) {
        const { status } = await answer(method, path, token, body);
        const expected = ALLOWED[who]!.includes(ability) ? "allowed" : "refused";
        seen.push(
          `${who} ${method} ${path}: ${expected === "allowed" ? status !== 403 && status !== 401 : status === 403}`,
        );
      }
      expect((await answer(method, path, undefined, body)).status, `signed out ${method} ${path}`).toBe(401);
      // Another company's owner: Fernleaf's invoice and member are not found; nothing of Fernleaf's shows.
      const theirs = await answer(method, path, other.token(), body);
      expect(theirs.text, `Banyan's owner ${method} ${path}`).not.toMatch(fernleafs);
      if (path.includes(invoice) || path.includes(member)) expect(theirs.status).toBe(404);
    }
    expect(seen.filter((line) => line.endsWith("false"))).toEqual([]);
    expect(seen).toHaveLength(calls.length * 5);
  });
});
