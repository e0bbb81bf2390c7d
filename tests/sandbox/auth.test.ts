import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TestApi, startApi, wrongCode } from "./helpers";

const MOBILE = "9876543210";
let api: TestApi;

beforeEach(async () => {
  api = await startApi();
});
afterEach(async () => {
  await api.close();
});

describe("GET /global/users (send a code)", () => {
  it("texts a 4-digit code and says how it works", async () => {
    const r = await api.sendCode(MOBILE);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      success: 1,
      data: { whatsapp: 0, code_length: 4, expires_in_s: 600, resend_after_s: 30 },
    });
    const sms = await api.call("GET", `/api/sandbox/sms?mobile_no=${MOBILE}`);
    expect(sms.json.data).toHaveLength(1);
    expect(sms.json.data[0].text).toMatch(
      /^\d{4} is your Kavach verification code\. It is valid for 10 minutes\. Never share this code with anyone\.$/,
    );
    expect(sms.json.data[0].created_at).toBe(new Date(api.now()).toISOString());
  });

  it("answers a known number exactly like an unknown one", async () => {
    const token = await api.login(MOBILE);
    await api.call("PATCH", "/api/global/users/whatsapp", { token, body: { whatsapp_status: 1 } });
    api.advance(31_000);
    const known = await api.sendCode(MOBILE);
    const unknown = await api.sendCode("9123456780");
    expect(known.json).toEqual(unknown.json);
  });

  it.each([
    ["12345", "Enter a valid 10-digit Indian mobile number."],
    ["5876543210", "Enter a valid 10-digit Indian mobile number."],
    ["98765432101", "Enter a valid 10-digit Indian mobile number."],
  ])("refuses the number %s", async (mobile, msg) => {
    const r = await api.sendCode(mobile);
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ success: 0, msg });
  });

  it("refuses another country and a missing number", async () => {
    const other = await api.call("GET", `/api/global/users?country_id=1&mobile_no=${MOBILE}`);
    expect(other.status).toBe(400);
    expect(other.json.msg).toBe("country_id must be 91 (India).");
    const missing = await api.call("GET", "/api/global/users?country_id=91");
    expect(missing.status).toBe(400);
    expect(missing.json.msg).toBe("mobile_no is required.");
  });

  it("makes a resend wait 30 seconds", async () => {
    expect((await api.sendCode(MOBILE)).status).toBe(200);
    api.advance(7_000);
    const early = await api.sendCode(MOBILE);
    expect(early.status).toBe(429);
    expect(early.json).toEqual({
      success: 0,
      msg: "Please wait 23 seconds before asking for a new code.",
      data: { retry_after_s: 23 },
    });
    api.advance(23_000);
    expect((await api.sendCode(MOBILE)).status).toBe(200);
  });

  it("sends at most 5 codes per number per hour", async () => {
    for (let i = 0; i < 5; i++) {
      expect((await api.sendCode(MOBILE)).status).toBe(200);
      api.advance(60_000);
    }
    const capped = await api.sendCode(MOBILE);
    expect(capped.status).toBe(429);
    expect(capped.json.msg).toBe("Too many codes requested for this number. Try again in an hour.");
    // The first code was sent 5 minutes ago; the window frees up 55 minutes from now.
    expect(capped.json.data).toEqual({ retry_after_s: 55 * 60 });
    expect((await api.sendCode("9123456780")).status).toBe(200);
    api.advance(55 * 60_000);
    expect((await api.sendCode(MOBILE)).status).toBe(200);
  });
});

describe("POST /global/users/verify/otp", () => {
  it("returns a token for the right code, and the user", async () => {
    await api.sendCode(MOBILE);
    const r = await api.verify(MOBILE, await api.lastCode(MOBILE));
    expect(r.status).toBe(200);
    expect(r.json.success).toBe(1);
    expect(r.json.msg).toBe("Verified");
    expect(r.json.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(r.json.data.expires_at).toBe(new Date(api.now() + 12 * 3600_000).toISOString());
    expect(r.json.data.user).toEqual({ mobile_no: MOBILE, country_id: 91, whatsapp: 0 });
  });

  it("accepts a code once only", async () => {
    await api.sendCode(MOBILE);
    const code = await api.lastCode(MOBILE);
    expect((await api.verify(MOBILE, code)).status).toBe(200);
    const again = await api.verify(MOBILE, code);
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ success: 0, msg: "Ask for a code first." });
  });

  it("asks for a code when none was sent", async () => {
    const r = await api.verify(MOBILE, "1234");
    expect(r.status).toBe(400);
    expect(r.json.msg).toBe("Ask for a code first.");
  });

  it("expires a code after 10 minutes", async () => {
    await api.sendCode(MOBILE);
    const code = await api.lastCode(MOBILE);
    api.advance(10 * 60_000 - 1);
    api.advance(1);
    const r = await api.verify(MOBILE, code);
    expect(r.status).toBe(400);
    expect(r.json.msg).toBe("This code has expired. Ask for a new one.");
  });

  it("still accepts a code just inside 10 minutes", async () => {
    await api.sendCode(MOBILE);
    const code = await api.lastCode(MOBILE);
    api.advance(10 * 60_000 - 1);
    expect((await api.verify(MOBILE, code)).status).toBe(200);
  });

  it("only the latest code counts", async () => {
    await api.sendCode(MOBILE);
    const first = await api.lastCode(MOBILE);
    api.advance(30_000);
    await api.sendCode(MOBILE);
    const second = await api.lastCode(MOBILE);
    if (first !== second) expect((await api.verify(MOBILE, first)).status).toBe(400);
    expect((await api.verify(MOBILE, second)).status).toBe(200);
  });

  it("counts down wrong tries and refuses after 5, even the right code", async () => {
    await api.sendCode(MOBILE);
    const code = await api.lastCode(MOBILE);
    const messages: string[] = [];
    for (let i = 0; i < 4; i++) messages.push((await api.verify(MOBILE, wrongCode(code))).json.msg);
    expect(messages).toEqual([
      "The code is incorrect. 4 tries left.",
      "The code is incorrect. 3 tries left.",
      "The code is incorrect. 2 tries left.",
      "The code is incorrect. 1 try left.",
    ]);
    const fifth = await api.verify(MOBILE, wrongCode(code));
    expect(fifth.status).toBe(429);
    expect(fifth.json).toEqual({
      success: 0,
      msg: "Too many wrong tries. Ask for a new code in 60 minutes.",
      data: { retry_after_s: 3600 },
    });
    const right = await api.verify(MOBILE, code);
    expect(right.status).toBe(429);
    expect(right.json.msg).toMatch(/^Too many wrong tries\./);
  });

  it("does not reset wrong tries when a new code is sent", async () => {
    await api.sendCode(MOBILE);
    const first = await api.lastCode(MOBILE);
    for (let i = 0; i < 3; i++) await api.verify(MOBILE, wrongCode(first));
    api.advance(30_000);
    expect((await api.sendCode(MOBILE)).status).toBe(200);
    const second = await api.lastCode(MOBILE);
    const fourth = await api.verify(MOBILE, wrongCode(second));
    expect(fourth.json.msg).toBe("The code is incorrect. 1 try left.");
    const fifth = await api.verify(MOBILE, wrongCode(second));
    expect(fifth.status).toBe(429);
    // Locked out: no new code and no verification until the first wrong try is an hour old.
    api.advance(30_000);
    const resend = await api.sendCode(MOBILE);
    expect(resend.status).toBe(429);
    expect(resend.json.msg).toBe("Too many wrong tries. Ask for a new code in 59 minutes.");
    expect(resend.json.data.retry_after_s).toBe(3600 - 60);
    api.advance(3600_000 - 60_000);
    expect((await api.sendCode(MOBILE)).status).toBe(200);
    expect((await api.verify(MOBILE, await api.lastCode(MOBILE))).status).toBe(200);
  });

  it("locks only the client that made the wrong tries: the owner asking from elsewhere still signs in", async () => {
    await api.sendCode(MOBILE, "203.0.113.1");
    const strangers = await api.lastCode(MOBILE);
    for (let i = 0; i < 5; i++) await api.verify(MOBILE, wrongCode(strangers), "203.0.113.1");
    const stranger = await api.verify(MOBILE, strangers, "203.0.113.1");
    expect(stranger.status).toBe(429);
    expect(stranger.json.msg).toMatch(/^Too many wrong tries\. Ask for a new code/);
    // The stranger cannot ask for codes for the number either; the owner can.
    api.advance(30_000);
    expect((await api.sendCode(MOBILE, "203.0.113.1")).status).toBe(429);
    expect((await api.sendCode(MOBILE, "198.51.100.7")).status).toBe(200);
    const owners = await api.lastCode(MOBILE);
    const owner = await api.verify(MOBILE, owners, "198.51.100.7");
    expect(owner.status).toBe(200);
    expect(owner.json.data.token).toEqual(expect.any(String));
  });

  it("past 10 wrong tries an hour from all clients the number is slowed to one try per 5 minutes for strangers, never locked", async () => {
    await api.sendCode(MOBILE, "198.51.100.7");
    const code = await api.lastCode(MOBILE);
    // Two strangers, four wrong tries each, then a third with two: ten in all, none locked out alone.
    for (const [client, tries] of [
      ["203.0.113.1", 4],
      ["203.0.113.2", 4],
      ["203.0.113.3", 2],
    ] as const) {
      for (let i = 0; i < tries; i++) expect((await api.verify(MOBILE, wrongCode(code), client)).status).toBe(400);
    }
    // Now every stranger waits between tries, but only minutes.
    const slowed = await api.verify(MOBILE, code, "203.0.113.4");
    expect(slowed.status).toBe(429);
    expect(slowed.json.msg).toBe("Too many wrong tries for this number. Try again in 5 minutes.");
    expect(slowed.json.data.retry_after_s).toBe(300);
    api.advance(4 * 60_000);
    expect((await api.verify(MOBILE, wrongCode(code), "203.0.113.4")).status).toBe(429);
    api.advance(60_000);
    // One try per interval: a stranger's wrong one spends it, and the next stranger waits again.
    expect((await api.verify(MOBILE, wrongCode(code), "203.0.113.4")).status).toBe(400);
    expect((await api.verify(MOBILE, wrongCode(code), "203.0.113.5")).status).toBe(429);
    // The owner, who asked for the code, is not held back by the strangers.
    expect((await api.verify(MOBILE, code, "198.51.100.7")).status).toBe(200);
  });

  it("never lets strangers' wrong tries keep the owner out: a new code, entered correctly, signs in", async () => {
    await api.sendCode(MOBILE, "198.51.100.7");
    const first = await api.lastCode(MOBILE);
    // Ten wrong codes from two addresses (each then locked), and one more as each 5-minute turn comes.
    for (const client of ["203.0.113.1", "203.0.113.2"])
      for (let i = 0; i < 5; i++) await api.verify(MOBILE, wrongCode(first), client);
    api.advance(5 * 60_000);
    expect((await api.verify(MOBILE, wrongCode(first), "203.0.113.10")).status).toBe(400);
    // The number is slowed for strangers; the owner asks for a new code and enters it at once.
    api.advance(10_000);
    expect((await api.sendCode(MOBILE, "198.51.100.7")).status).toBe(200);
    expect((await api.verify(MOBILE, wrongCode(first), "203.0.113.20")).status).toBe(429);
    const owner = await api.verify(MOBILE, await api.lastCode(MOBILE), "198.51.100.7");
    expect(owner.status).toBe(200);
    expect(owner.json.data.token).toEqual(expect.any(String));
  });

  it("slows the owner who did not ask for the latest code as a stranger: the one who asked is the one let through", async () => {
    await api.sendCode(MOBILE, "203.0.113.1");
    const strangers = await api.lastCode(MOBILE);
    for (const client of ["203.0.113.2", "203.0.113.3"])
      for (let i = 0; i < 5; i++) await api.verify(MOBILE, wrongCode(strangers), client);
    // Someone who did not ask for this code is slowed; the asker still has its own five tries.
    expect((await api.verify(MOBILE, wrongCode(strangers), "198.51.100.7")).status).toBe(429);
    expect((await api.verify(MOBILE, wrongCode(strangers), "203.0.113.1")).json.msg).toBe(
      "The code is incorrect. 4 tries left.",
    );
  });

  it("forgets earlier wrong tries after a successful verification", async () => {
    await api.sendCode(MOBILE);
    const code = await api.lastCode(MOBILE);
    for (let i = 0; i < 4; i++) await api.verify(MOBILE, wrongCode(code));
    expect((await api.verify(MOBILE, code)).status).toBe(200);
    api.advance(30_000);
    await api.sendCode(MOBILE);
    const next = await api.verify(MOBILE, wrongCode(await api.lastCode(MOBILE)));
    expect(next.json.msg).toBe("The code is incorrect. 4 tries left.");
  });

  it("logs every failed verification with the number masked and never the code", async () => {
    await api.sendCode(MOBILE);
    const code = await api.lastCode(MOBILE);
    await api.verify(MOBILE, wrongCode(code));
    api.advance(11 * 60_000);
    await api.verify(MOBILE, code);
    const failures = api.logs.filter((e) => e.event === "otp_verify_failed");
    expect(failures.map((e) => e.reason)).toEqual(["wrong_code", "expired"]);
    for (const e of failures) expect(e.mobile).toBe("98******10");
    const all = JSON.stringify(api.logs);
    expect(all).not.toContain(MOBILE);
    expect(all).not.toContain(`"${code}"`);
    expect(all).not.toContain(`"${wrongCode(code)}"`);
  });

  it("validates the body", async () => {
    const short = await api.verify(MOBILE, "12");
    expect(short.json).toEqual({ success: 0, msg: "Enter the 4-digit code." });
    const noBody = await api.call("POST", "/api/global/users/verify/otp", { body: {} });
    expect(noBody.status).toBe(400);
    expect(noBody.json.msg).toBe("mobile_no is required.");
  });
});

describe("tokens", () => {
  it("expire after 12 hours", async () => {
    const token = await api.login(MOBILE);
    expect((await api.call("GET", "/api/employer/v1/carts/get", { token })).status).toBe(200);
    api.advance(12 * 3600_000);
    const late = await api.call("GET", "/api/employer/v1/carts/get", { token });
    expect(late.status).toBe(401);
    expect(late.json).toEqual({ success: 0, msg: "Please verify your mobile number again." });
  });

  it("are revoked by logout, and only the one used", async () => {
    const token = await api.login(MOBILE);
    api.advance(30_000);
    const other = await api.login(MOBILE);
    const out = await api.call("GET", "/api/global/logout", { token });
    expect(out).toEqual({ status: 200, json: { success: 1 } });
    expect((await api.call("GET", "/api/employer/v1/carts/get", { token })).status).toBe(401);
    expect((await api.call("GET", "/api/global/logout", { token })).status).toBe(401);
    expect((await api.call("GET", "/api/employer/v1/carts/get", { token: other })).status).toBe(200);
  });

  it.each([
    ["GET", "/api/global/logout"],
    ["PATCH", "/api/global/users/whatsapp"],
    ["GET", "/api/employer/v1/employer/gstin/29AAKCF2931M1Z6"],
    ["GET", "/api/employer/v1/employer/search-employer?text=leaf"],
    ["GET", "/api/employer/v1/plan/coverages"],
    ["POST", "/api/employer/v1/plan/get-plans"],
    ["GET", "/api/employer/v1/plan/plan-pricing-details?group_id=kavach-si-100000&policy=monthly"],
    ["GET", "/api/employer/v1/plan/plan-for-relation"],
    ["POST", "/api/employer/v1/carts/update"],
    ["GET", "/api/employer/v1/carts/get"],
    ["GET", "/api/employer/v1/checkout/payment-options"],
    ["POST", "/api/employer/v1/checkout/order/create"],
    ["GET", "/api/employer/v1/getempdata"],
  ])("%s %s needs a live token", async (method, path) => {
    const body = method === "GET" ? undefined : {};
    const none = await api.call(method, path, { body });
    expect(none.status).toBe(401);
    expect(none.json).toEqual({ success: 0, msg: "Please verify your mobile number again." });
    const forged = await api.call(method, path, { body, token: "x".repeat(43) });
    expect(forged.status).toBe(401);
  });
});

describe("PATCH /global/users/whatsapp", () => {
  it("stores the preference, which verification then returns", async () => {
    const token = await api.login(MOBILE);
    const r = await api.call("PATCH", "/api/global/users/whatsapp", { token, body: { whatsapp_status: 1 } });
    expect(r.json).toEqual({ success: 1, data: { whatsapp: 1 } });
    api.advance(30_000);
    await api.sendCode(MOBILE);
    const v = await api.verify(MOBILE, await api.lastCode(MOBILE));
    expect(v.json.data.user.whatsapp).toBe(1);
    const off = await api.call("PATCH", "/api/global/users/whatsapp", { token, body: { whatsapp_status: 0 } });
    expect(off.json.data.whatsapp).toBe(0);
  });

  it("accepts only 0 or 1", async () => {
    const token = await api.login(MOBILE);
    const r = await api.call("PATCH", "/api/global/users/whatsapp", { token, body: { whatsapp_status: 2 } });
    expect(r.status).toBe(400);
    expect(r.json.msg).toBe("whatsapp_status must be 0 or 1.");
  });
});

describe("GET /global/applink", () => {
  it("texts the app link", async () => {
    const r = await api.call("GET", `/api/global/applink?mobile_no=${MOBILE}`);
    expect(r).toEqual({ status: 200, json: { statusCode: 1 } });
    const sms = await api.call("GET", `/api/sandbox/sms?mobile_no=${MOBILE}`);
    expect(sms.json.data[0].text).toBe("Download the Kavach app: https://kavach.example/app");
  });

  it("refuses a bad number with statusCode 0", async () => {
    const r = await api.call("GET", "/api/global/applink?mobile_no=123");
    expect(r).toEqual({ status: 400, json: { statusCode: 0, msg: "Enter a valid 10-digit Indian mobile number." } });
  });

  it("sends at most 3 links per number per hour", async () => {
    for (let i = 0; i < 3; i++)
      expect((await api.call("GET", `/api/global/applink?mobile_no=${MOBILE}`)).status).toBe(200);
    const fourth = await api.call("GET", `/api/global/applink?mobile_no=${MOBILE}`);
    expect(fourth.status).toBe(429);
    expect(fourth.json.statusCode).toBe(0);
    api.advance(3600_000);
    expect((await api.call("GET", `/api/global/applink?mobile_no=${MOBILE}`)).status).toBe(200);
  });
});

describe("GET /sandbox/sms", () => {
  it("lists texts newest first, optionally for one number", async () => {
    await api.sendCode(MOBILE);
    api.advance(1000);
    await api.call("GET", "/api/global/applink?mobile_no=9123456780");
    api.advance(1000);
    await api.call("GET", `/api/global/applink?mobile_no=${MOBILE}`);
    const all = await api.call("GET", "/api/sandbox/sms");
    expect(all.json.data.map((m: { mobile_no: string }) => m.mobile_no)).toEqual([MOBILE, "9123456780", MOBILE]);
    const mine = await api.call("GET", `/api/sandbox/sms?mobile_no=${MOBILE}`);
    expect(mine.json.data).toHaveLength(2);
    expect(mine.json.data[0].text).toContain("Download the Kavach app");
    expect((await api.call("GET", "/api/sandbox/sms?mobile_no=12")).status).toBe(400);
  });
});
