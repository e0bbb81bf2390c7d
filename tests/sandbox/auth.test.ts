import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Reply, type TestApi, startApi, wrongCode } from "./helpers";

const MOBILE = "9876543210";
/** Device ids as the app makes them (X-Device-Id): the owner's browser, and a stranger's. */
const OWNER_DEVICE = "owner-device-0123456789abcdefghijklmnopqrstu";
const STRANGER_DEVICE = "stranger-device-0123456789abcdefghijklmnop";
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

  it("sends at most 5 codes per number per hour, from any addresses", async () => {
    for (let i = 0; i < 5; i++) {
      expect((await api.sendCode(MOBILE, `203.0.113.${i}`)).status).toBe(200);
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

  it("only the requester's latest code counts", async () => {
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

  it("checks a try only against the code its own requester asked for: another's code is no guess at all", async () => {
    await api.sendCode(MOBILE, "198.51.100.7");
    const owners = await api.lastCode(MOBILE);
    // A stranger who asked for nothing cannot try the owner's code, right or wrong.
    const stranger = await api.verify(MOBILE, owners, "203.0.113.1");
    expect(stranger.status).toBe(400);
    expect(stranger.json.msg).toBe("Ask for a code first.");
    expect((await api.verify(MOBILE, owners, "198.51.100.7")).status).toBe(200);
  });

  it("a newer code asked for by someone else voids nothing: each requester's latest code holds for its 10 minutes", async () => {
    await api.sendCode(MOBILE, "198.51.100.7", OWNER_DEVICE);
    const owners = await api.lastCode(MOBILE);
    api.advance(60_000);
    // Strangers ask as soon as the resend wait lets them, from an address and from a device id of its own.
    expect((await api.sendCode(MOBILE, "203.0.113.1")).status).toBe(200);
    api.advance(30_000);
    expect((await api.sendCode(MOBILE, "203.0.113.2", STRANGER_DEVICE)).status).toBe(200);
    api.advance(8 * 60_000);
    const owner = await api.verify(MOBILE, owners, "198.51.100.7", OWNER_DEVICE);
    expect(owner.status).toBe(200);
    expect(owner.json.data.token).toEqual(expect.any(String));
  });

  it("one code tried from many addresses gets five wrong tries, not five per address", async () => {
    await api.sendCode(MOBILE, "203.0.113.1", STRANGER_DEVICE);
    const code = await api.lastCode(MOBILE);
    const answers: Reply[] = [];
    for (let i = 0; i < 5; i++)
      answers.push(await api.verify(MOBILE, wrongCode(code), `203.0.113.${10 + i}`, STRANGER_DEVICE));
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400, 429]);
    // Locked: the right code from yet another address is refused too.
    const right = await api.verify(MOBILE, code, "203.0.113.20", STRANGER_DEVICE);
    expect(right.status).toBe(429);
    expect(right.json.msg).toMatch(/^Too many wrong tries\. Ask for a new code in 60 minutes\.$/);
  });

  it("new device ids from one address get five wrong tries between them, and no more codes once locked", async () => {
    const device = (i: number) => `stranger-device-number-${i}-${"x".repeat(16)}`;
    await api.sendCode(MOBILE, "203.0.113.1", device(0));
    const first = await api.lastCode(MOBILE);
    const messages: string[] = [];
    for (let i = 0; i < 3; i++)
      messages.push((await api.verify(MOBILE, wrongCode(first), "203.0.113.1", device(0))).json.msg);
    // A fresh id has a fresh code, but the address's count goes on.
    api.advance(30_000);
    await api.sendCode(MOBILE, "203.0.113.1", device(1));
    const second = await api.lastCode(MOBILE);
    messages.push((await api.verify(MOBILE, wrongCode(second), "203.0.113.1", device(1))).json.msg);
    expect(messages).toEqual([
      "The code is incorrect. 4 tries left.",
      "The code is incorrect. 3 tries left.",
      "The code is incorrect. 2 tries left.",
      "The code is incorrect. 1 try left.",
    ]);
    expect((await api.verify(MOBILE, wrongCode(second), "203.0.113.1", device(1))).status).toBe(429);
    const third = await api.sendCode(MOBILE, "203.0.113.1", device(2));
    expect(third.status).toBe(429);
    expect(third.json.msg).toBe("Too many wrong tries. Ask for a new code in 60 minutes.");
  });

  it("one address spends at most 3 of the number's 5 codes an hour; other addresses spend the rest", async () => {
    for (let i = 0; i < 3; i++) {
      expect((await api.sendCode(MOBILE, "203.0.113.1")).status).toBe(200);
      api.advance(30_000);
    }
    const fourth = await api.sendCode(MOBILE, "203.0.113.1", STRANGER_DEVICE);
    expect(fourth.status).toBe(429);
    expect(fourth.json.msg).toBe("Too many codes requested for this number. Try again in an hour.");
    expect(fourth.json.data.retry_after_s).toBe(60 * 60 - 90);
    expect((await api.sendCode(MOBILE, "198.51.100.7")).status).toBe(200);
    api.advance(30_000);
    expect((await api.sendCode(MOBILE, "198.51.100.8")).status).toBe(200);
    api.advance(30_000);
    // The number's five are spent for every device that never signed in to it.
    expect((await api.sendCode(MOBILE, "198.51.100.9")).json.msg).toBe(
      "Too many codes requested for this number. Try again in an hour.",
    );
  });

  it("a device that signed in to the number keeps its own allowance after strangers spent the number's", async () => {
    await api.sendCode(MOBILE, "198.51.100.7", OWNER_DEVICE);
    expect((await api.verify(MOBILE, await api.lastCode(MOBILE), "198.51.100.7", OWNER_DEVICE)).status).toBe(200);
    api.advance(60_000);
    // Strangers spend the rest of the number's five codes (the owner's first was one of them) from two
    // addresses, and lock both with wrong tries, one of them the owner's own (a shared network).
    for (const [address, codes] of [
      ["203.0.113.1", 3],
      ["198.51.100.7", 1],
    ] as const) {
      for (let i = 0; i < codes; i++) {
        expect((await api.sendCode(MOBILE, address)).status).toBe(200);
        api.advance(30_000);
      }
      for (let i = 0; i < 5; i++) await api.verify(MOBILE, wrongCode(await api.lastCode(MOBILE)), address);
    }
    // A device that never signed in to the number is refused, on either address...
    expect((await api.sendCode(MOBILE, "203.0.113.9", STRANGER_DEVICE)).status).toBe(429);
    expect((await api.sendCode(MOBILE, "198.51.100.7", STRANGER_DEVICE)).status).toBe(429);
    // ...the owner's device, which signed in before, is not: its own code, its own tries.
    expect((await api.sendCode(MOBILE, "198.51.100.7", OWNER_DEVICE)).status).toBe(200);
    const code = await api.lastCode(MOBILE);
    expect((await api.verify(MOBILE, wrongCode(code), "198.51.100.7", OWNER_DEVICE)).json.msg).toBe(
      "The code is incorrect. 4 tries left.",
    );
    expect((await api.verify(MOBILE, code, "198.51.100.7", OWNER_DEVICE)).status).toBe(200);
  });

  it("a signed-in device's own allowance is five codes and five wrong tries an hour, like the number's", async () => {
    await api.sendCode(MOBILE, "198.51.100.7", OWNER_DEVICE);
    expect((await api.verify(MOBILE, await api.lastCode(MOBILE), "198.51.100.7", OWNER_DEVICE)).status).toBe(200);
    api.advance(30_000);
    for (let i = 0; i < 5; i++) {
      expect((await api.sendCode(MOBILE, "198.51.100.7", OWNER_DEVICE)).status).toBe(200);
      api.advance(30_000);
    }
    expect((await api.sendCode(MOBILE, "198.51.100.7", OWNER_DEVICE)).json.msg).toBe(
      "Too many codes requested for this number. Try again in an hour.",
    );
    const code = await api.lastCode(MOBILE);
    for (let i = 0; i < 4; i++) await api.verify(MOBILE, wrongCode(code), "198.51.100.7", OWNER_DEVICE);
    expect((await api.verify(MOBILE, wrongCode(code), "198.51.100.7", OWNER_DEVICE)).status).toBe(429);
    expect((await api.verify(MOBILE, code, "198.51.100.7", OWNER_DEVICE)).status).toBe(429);
  });

  it("the owner's sign-in forgives the owner's typos, not a stranger's wrong tries", async () => {
    await api.sendCode(MOBILE, "203.0.113.1", STRANGER_DEVICE);
    const strangers = await api.lastCode(MOBILE);
    for (let i = 0; i < 4; i++) await api.verify(MOBILE, wrongCode(strangers), "203.0.113.1", STRANGER_DEVICE);
    api.advance(30_000);
    await api.sendCode(MOBILE, "198.51.100.7", OWNER_DEVICE);
    const owners = await api.lastCode(MOBILE);
    expect((await api.verify(MOBILE, wrongCode(owners), "198.51.100.7", OWNER_DEVICE)).json.msg).toBe(
      "The code is incorrect. 4 tries left.",
    );
    expect((await api.verify(MOBILE, owners, "198.51.100.7", OWNER_DEVICE)).status).toBe(200);
    expect((await api.verify(MOBILE, wrongCode(strangers), "203.0.113.1", STRANGER_DEVICE)).status).toBe(429);
  });

  it("forgets a device 180 days after its last sign-in", async () => {
    await api.sendCode(MOBILE, "198.51.100.7", OWNER_DEVICE);
    expect((await api.verify(MOBILE, await api.lastCode(MOBILE), "198.51.100.7", OWNER_DEVICE)).status).toBe(200);
    api.advance(180 * 24 * 3600_000);
    for (let i = 0; i < 5; i++) {
      expect((await api.sendCode(MOBILE, `203.0.113.${i}`)).status).toBe(200);
      api.advance(30_000);
    }
    expect((await api.sendCode(MOBILE, "198.51.100.7", OWNER_DEVICE)).status).toBe(429);
  });

  it("refuses a device id too short to be a secret", async () => {
    const short = await api.sendCode(MOBILE, undefined, "abc");
    expect(short.status).toBe(400);
    expect(short.json.msg).toBe("X-Device-Id must be 22 to 128 letters, digits, - or _.");
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
