import { once } from "node:events";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmbeddedApi } from "../../sandbox/index";
// Types only: the modules themselves are imported after API_BASE_URL points at the sandbox below.
import type * as EmployerApi from "~/upstream/employer.server";
import type * as GlobalApi from "~/upstream/global.server";
import type * as MembersApi from "~/upstream/members.server";
import type * as MembershipApi from "~/upstream/membership.server";
import type * as HttpErrors from "~/upstream/http.server";
import { OUTBOX_HEADERS, OUTBOX_KEY } from "../support/outbox";

/** The typed census, policy and e-card client (app/upstream/members.server.ts) against real sandbox answers. */
let server: Server;
let client: typeof GlobalApi & typeof EmployerApi & typeof MembersApi & typeof MembershipApi;
let errors: typeof HttpErrors;

beforeAll(async () => {
  const api = createEmbeddedApi({
    databasePath: ":memory:",
    mountPath: "/api",
    publicOrigin: "https://kavach.example",
    gatewayKeySecret: "members-client-secret-0123456789",
    outboxKey: OUTBOX_KEY,
    log: () => undefined,
  });
  const app = express();
  app.use("/api", api.router);
  server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  process.env.API_BASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  process.env.DATA_DIR = "/tmp/kavach-members-client-test";
  const [global, employer, members, membership] = await Promise.all([
    import("~/upstream/global.server"),
    import("~/upstream/employer.server"),
    import("~/upstream/members.server"),
    import("~/upstream/membership.server"),
  ]);
  client = { ...global, ...employer, ...members, ...membership };
  errors = await import("~/upstream/http.server");
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** A signed-in admin who has bought nothing yet. */
async function unpaidAdmin(mobile: string): Promise<string> {
  const base = process.env.API_BASE_URL!;
  await client.sendCode(mobile, "203.0.113.9");
  const sms = (await (await fetch(`${base}/sandbox/sms?mobile_no=${mobile}`, { headers: OUTBOX_HEADERS })).json()) as {
    data: { text: string }[];
  };
  return (await client.verifyCode(mobile, sms.data[0]!.text.match(/\d{4}/)![0], "203.0.113.9")).token;
}

/** A signed-in admin whose membership (two employees aged 18–35, employee and spouse) is paid. */
async function paidAdmin(mobile: string, gstin = "29AAKCF2931M1Z6"): Promise<string> {
  const base = process.env.API_BASE_URL!;
  const token = await unpaidAdmin(mobile);
  await client.updateCart(token, { type: "company", item: { gstin } });
  await client.updateCart(token, {
    type: "admin",
    item: { name: "Asha Rao", email: "asha@fernleaf.example", total_employees: 2, authorised: true },
  });
  await client.updateCart(token, { type: "plan", item: { plan_id: "kavach-essential", coverage_ids: [] } });
  await client.updateCart(token, { type: "people", item: { rows: [{ band: "18-35", range: "2A", count: 2 }] } });
  const order = await client.createOrder(token, {
    policy: "yearly",
    callback_url: "https://app.example/checkout/payment/callback",
  });
  const page = await (await fetch(`${base}/sandbox/checkout/${order.order_id}`)).text();
  const form = /<form method="post" action="[^"]*">([\s\S]*?)<\/form>/.exec(page)![1]!;
  const fields = Object.fromEntries([...form.matchAll(/name="([^"]*)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
  await fetch(`${base}/employer/v1/checkout/order/verify`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(fields),
  });
  return token;
}

const asha = {
  employee_code: "E-1",
  full_name: "Asha Rao",
  gender: "female",
  date_of_birth: "1995-01-10",
  relationship: "self",
  mobile: "9876543210",
  email: "asha.e1@fernleaf.example",
  date_of_joining: "2024-06-01",
};
const ravi = { ...asha, full_name: "Ravi Rao", gender: "male", relationship: "spouse", mobile: null, email: null };

describe("the members client", () => {
  it("parses every answer of the census, the policy and the PDFs", async () => {
    const token = await paidAdmin("9823456701");
    const membership = await client.getMembership(token);
    expect(membership?.census).toMatchObject({ employees_bought: 2, employees_named: 0, complete: false });
    expect(membership?.plan?.sum_insured_basis).toBe("family_floater");
    expect((await client.getCart(token)).plan?.sum_insured_basis).toBe("family_floater");

    const empty = await client.getCensus(token);
    expect(empty?.total).toBe(0);
    expect(empty?.policy).toBeNull();
    expect(await client.getPolicy(token)).toBeNull();

    const check = await client.checkCensus(token, [
      { row_number: 2, ...ravi, employee_code: "E-9" },
      { row_number: 3, ...asha },
      { row_number: 4, ...asha, employee_code: "E-2", full_name: "Bina Das", email: "bina@fernleaf.example" },
    ]);
    expect(check.ready_count).toBe(2);
    expect(check.rejected).toEqual([expect.objectContaining({ row_number: 2, column: "employee_code" })]);

    // The add-one form refuses a second spouse with the rejection the error carries.
    const refused = await client
      .addMembers(token, [asha, ravi, { ...ravi, full_name: "Someone Else" }])
      .catch((e) => e);
    expect(refused).toBeInstanceOf(errors.ApiError);
    expect(refused.status).toBe(422);
    expect(client.rejectionsOf(refused)).toEqual([
      { row_number: 3, column: "relationship", value: "spouse", message: "Only one spouse per employee" },
    ]);

    const saved = await client.confirmCensus(token, check.check_id);
    expect(saved.added).toBe(2);
    expect(saved.census.policy?.policy_number).toMatch(/^KVP\//);
    const policy = await client.getPolicy(token);
    expect(policy).toMatchObject({ sample: true, sum_insured_basis: "family_floater" });
    expect((await client.getMembership(token))?.policy?.policy_number).toBe(policy?.policy_number);

    const certificate = await client.getCertificatePdf(token);
    expect(certificate?.contentType).toBe("application/pdf");
    expect(certificate?.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const memberId = client.parseMemberId(saved.census.members[0]!.member_id)!;
    expect((await client.getECardPdf(token, memberId))?.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await client.getAllECardsPdf(token))?.contentType).toBe("application/pdf");

    // Another company's admin: none, as for no such member (the upstream's 404).
    // Another company: a GSTIN holds one membership (docs/product.md, One membership per company).
    const other = await paidAdmin("9823456702", "29AABCB4021K1ZU");
    expect(await client.getECardPdf(other, memberId)).toBeNull();
    expect(await client.getCensus(await unpaidAdmin("9823456703"))).toBeNull();
  });
});
