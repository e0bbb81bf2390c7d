import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, expect, it } from "vitest";
import { Visitor, freshMobile, latestCode } from "../support/client";
import { type InProcessApp, appInProcess } from "../support/in-process";
import { OUTBOX_HEADERS } from "../support/outbox";
import { passCodeTime } from "../support/test-clock";

/**
 * Decision 0006: one-time codes, limited per number by the API and per address by the app (without
 * TRUST_PROXY: security-codes-untrusted-proxy.test.ts).
 */

const CODE_REQUESTS_PER_IP = 3;
const VERIFICATIONS_PER_IP = 6;
const APP_LINKS_PER_IP = 2;

let server: InProcessApp;
beforeAll(async () => {
  server = await appInProcess({
    IP_CODE_REQUESTS_PER_HOUR: String(CODE_REQUESTS_PER_IP),
    IP_CODE_VERIFICATIONS_PER_HOUR: String(VERIFICATIONS_PER_IP),
    IP_APP_LINKS_PER_HOUR: String(APP_LINKS_PER_IP),
    NUMBER_APP_LINKS_PER_HOUR: "1",
    // The tests act as many addresses through X-Forwarded-For, believed from this proxy only.
    TRUST_PROXY: "127.0.0.1",
    LOG_REQUESTS: "1",
    SANDBOX_TEST_CLOCK: "1",
  });
});
afterAll(() => server.close());

let lastAddress = 0;
/** A visitor from an address of its own (the server trusts X-Forwarded-For from TRUST_PROXY only). */
function visitorFromNewAddress(): Visitor {
  lastAddress += 1;
  return new Visitor(server.url, { "x-forwarded-for": `203.0.113.${lastAddress}` });
}

/**
 * The messages the page shows in its alerts and its error summary (a field's alert is in the page,
 * empty, until it has one).
 */
function alertText(html: string): string {
  return [
    ...html.matchAll(/role="alert"[^>]*>([\s\S]*?)<\/(?:div|p)>|class="error-summary"[\s\S]*?<ul>([\s\S]*?)<\/ul>/g),
  ]
    .map(([, alert, summary]) => (alert ?? summary)!.replace(/<[^>]+>/g, ""))
    .filter(Boolean)
    .join(" ");
}

async function outbox(mobile: string): Promise<string[]> {
  const body = (await (
    await fetch(`${server.url}/api/sandbox/sms?mobile_no=${mobile}`, { headers: OUTBOX_HEADERS })
  ).json()) as {
    data: Array<{ text: string }>;
  };
  return body.data.map((m) => m.text);
}

/** A wrong code for this number: the right one plus one, so it is never right by chance. */
async function wrongCode(mobile: string): Promise<string> {
  return String((Number(await latestCode(`${server.url}/api`, mobile)) + 1) % 10_000).padStart(4, "0");
}

it("one address may ask for codes for only so many numbers an hour; the form says so with 429", async () => {
  const visitor = visitorFromNewAddress();
  for (let i = 0; i < CODE_REQUESTS_PER_IP; i += 1)
    expect((await visitor.post("/checkout/verify", { mobile: freshMobile() })).status).toBe(303);
  const mobile = freshMobile();
  const refused = await visitor.post("/checkout/verify", { mobile });
  expect(refused.status).toBe(429);
  expect(alertText(refused.text)).toMatch(
    /Too many codes were asked for from your network\. Try again in \d+ minutes?\./,
  );
  expect(refused.text).toContain(`value="${mobile}"`);
  expect(await outbox(mobile)).toEqual([]);
  // Another address is not held back by this one.
  expect((await visitorFromNewAddress().post("/checkout/verify", { mobile })).status).toBe(303);
});

it("one address may try only so many codes an hour, across numbers; then even the right code is refused", async () => {
  const visitor = visitorFromNewAddress();
  const numbers = [freshMobile(), freshMobile()];
  for (const mobile of numbers) {
    expect((await visitor.post("/checkout/verify", { mobile })).status).toBe(303);
    for (let i = 0; i < VERIFICATIONS_PER_IP / numbers.length; i += 1) {
      const wrong = await visitor.post("/checkout/verify-otp", { intent: "verify", code: await wrongCode(mobile) });
      expect(wrong.status).toBe(400);
      expect(alertText(wrong.text)).toMatch(/The code is incorrect\./);
    }
  }
  const third = freshMobile();
  expect((await visitor.post("/checkout/verify", { mobile: third })).status).toBe(303);
  const refused = await visitor.post("/checkout/verify-otp", {
    intent: "verify",
    code: await latestCode(`${server.url}/api`, third),
  });
  expect(refused.status).toBe(429);
  expect(alertText(refused.text)).toMatch(/Too many codes were tried from your network\./);
  expect((await visitor.get("/checkout/gst-details")).location).toBe("/checkout/verify");
  expect(events().some((event) => event.event === "ip_limit" && event.kind === "codeVerification")).toBe(true);
});

it("a new code asked for within 30 s sends nothing, and the page says how long to wait, as information", async () => {
  const visitor = visitorFromNewAddress();
  const mobile = freshMobile();
  await visitor.post("/checkout/verify", { mobile });
  const again = await visitor.post("/checkout/verify-otp", { intent: "resend" });
  expect(again.status).toBe(303);
  expect(again.location).toBe("/checkout/verify-otp");
  // Waiting is not an error (docs/product.md, Sign-in): a status message, no alert.
  const page = await visitor.get("/checkout/verify-otp");
  expect(page.text).toMatch(/You can ask for a new code in \d+ seconds\./);
  expect(alertText(page.text)).toBe("");
  expect(await outbox(mobile)).toHaveLength(1);
});

it("five wrong codes lock out that address, not the number: its owner asking from elsewhere signs in", async () => {
  const stranger = visitorFromNewAddress();
  const mobile = freshMobile();
  await stranger.post("/checkout/verify", { mobile });
  const right = await latestCode(`${server.url}/api`, mobile);
  const answers: string[] = [];
  for (let i = 0; i < 4; i += 1) {
    answers.push(
      alertText(
        (await stranger.post("/checkout/verify-otp", { intent: "verify", code: await wrongCode(mobile) })).text,
      ),
    );
  }
  expect(answers).toEqual(
    ["4 tries left", "3 tries left", "2 tries left", "1 try left"].map((left) => `The code is incorrect. ${left}.`),
  );
  const fifth = await stranger.post("/checkout/verify-otp", { intent: "verify", code: await wrongCode(mobile) });
  expect(alertText(fifth.text)).toMatch(/Too many wrong tries\. Ask for a new code in 60 minutes\./);
  // Locked for the stranger: even the right code, and no new code either.
  expect(alertText((await stranger.post("/checkout/verify-otp", { intent: "verify", code: right })).text)).toMatch(
    /Too many wrong tries/,
  );
  expect((await stranger.get("/checkout/gst-details")).location).toBe("/checkout/verify");
  // The owner, from another address, asks for a code of their own once the resend wait is over, and enters it.
  await passCodeTime(`${server.url}/api`, mobile, 30);
  const owner = visitorFromNewAddress();
  expect((await owner.post("/checkout/verify", { mobile })).status).toBe(303);
  const signedIn = await owner.post("/checkout/verify-otp", {
    intent: "verify",
    code: await latestCode(`${server.url}/api`, mobile),
  });
  expect(signedIn.status).toBe(303);
  expect((await owner.get("/checkout/gst-details")).status).toBe(200);
});

it("the same wrong tries through the public /api lock out the stranger's address, not the owner's sign-in", async () => {
  const mobile = freshMobile();
  const owner = visitorFromNewAddress();
  expect((await owner.post("/checkout/verify", { mobile })).status).toBe(303);
  const right = await latestCode(`${server.url}/api`, mobile);
  lastAddress += 1;
  const strangerAddress = `203.0.113.${lastAddress}`;
  // The stranger asks for a code of its own (a try is checked only against the asker's code).
  await passCodeTime(`${server.url}/api`, mobile, 30);
  const asked = await fetch(`${server.url}/api/global/users?country_id=91&mobile_no=${mobile}`, {
    headers: { "x-forwarded-for": strangerAddress },
  });
  expect(asked.status).toBe(200);
  const tryCode = (code: string) =>
    fetch(`${server.url}/api/global/users/verify/otp`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": strangerAddress },
      body: JSON.stringify({ mobile_no: mobile, country_id: 91, code }),
    });
  for (let i = 0; i < 4; i += 1) expect((await tryCode(await wrongCode(mobile))).status).toBe(400);
  expect((await tryCode(await wrongCode(mobile))).status).toBe(429);
  expect((await owner.post("/checkout/verify-otp", { intent: "verify", code: right })).status).toBe(303);
  expect((await owner.get("/checkout/gst-details")).status).toBe(200);
});

it("the public /api's code paths spend the same per-address allowance as the app's forms", async () => {
  const visitor = visitorFromNewAddress();
  const address = visitor.defaultHeaders["x-forwarded-for"]!;
  expect((await visitor.post("/checkout/verify", { mobile: freshMobile() })).status).toBe(303);
  const direct = (mobile: string) =>
    fetch(`${server.url}/api/global/users?country_id=91&mobile_no=${mobile}`, {
      headers: { "x-forwarded-for": address },
    });
  for (let i = 1; i < CODE_REQUESTS_PER_IP; i += 1) expect((await direct(freshMobile())).status).toBe(200);
  const refused = await direct(freshMobile());
  expect(refused.status).toBe(429);
  expect(((await refused.json()) as { msg: string }).msg).toMatch(/Too many codes were asked for from your network/);
  expect((await visitor.post("/checkout/verify", { mobile: freshMobile() })).status).toBe(429);
  // Verifications through /api are capped as well.
  const verify = () =>
    fetch(`${server.url}/api/global/users/verify/otp`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": address },
      body: JSON.stringify({ mobile_no: freshMobile(), country_id: 91, code: "0000" }),
    });
  for (let i = 0; i < VERIFICATIONS_PER_IP; i += 1) expect((await verify()).status).toBe(400);
  expect((await verify()).status).toBe(429);
});

it("the app-link SMS is capped per address and per number, in the app and on the public /api", async () => {
  const linksTo = async (mobile: string) =>
    (await outbox(mobile)).filter((text) => /Download the Kavach app/.test(text)).length;
  // Per number: a second link to the same number within the hour is refused, from any address.
  const shared = freshMobile();
  expect((await visitorFromNewAddress().post("/app", { mobile: shared })).status).toBe(200);
  const again = await visitorFromNewAddress().post("/app", { mobile: shared });
  expect(again.status).toBe(429);
  expect(alertText(again.text)).toMatch(/Too many links were asked for\./);
  expect(await linksTo(shared)).toBe(1);
  // Per address: a third number from one address is refused, and nothing is sent.
  const visitor = visitorFromNewAddress();
  for (let i = 0; i < APP_LINKS_PER_IP; i += 1)
    expect((await visitor.post("/app", { mobile: freshMobile() })).status).toBe(200);
  const third = freshMobile();
  expect((await visitor.post("/app", { mobile: third })).status).toBe(429);
  expect(await linksTo(third)).toBe(0);
  // The public /api path spends the same address's allowance.
  const direct = await fetch(`${server.url}/api/global/applink?mobile_no=${freshMobile()}`, {
    headers: { "x-forwarded-for": visitor.defaultHeaders["x-forwarded-for"]! },
  });
  expect(direct.status).toBe(429);
});

it("asking for a code answers the same whether or not the number is known", async () => {
  const known = freshMobile();
  const unknown = freshMobile();
  // Known, with WhatsApp on: the most an answer could give away.
  const db = new Database(path.join(server.dataDir, "kavach.sqlite"));
  db.prepare("INSERT INTO users (mobile_no, country_id, whatsapp, created_at) VALUES (?, 91, 1, ?)").run(
    known,
    Date.now(),
  );
  db.close();

  const api = async (mobile: string) =>
    (await fetch(`${server.url}/api/global/users?country_id=91&mobile_no=${mobile}`)).text();
  const [knownApi, unknownApi] = [await api(known), await api(unknown)];
  expect(knownApi).toBe(unknownApi);

  const asApp = async (mobile: string) => {
    const visitor = visitorFromNewAddress();
    const asked = await visitor.post("/checkout/verify", { mobile: `+91 ${mobile}` });
    const wrong = await visitor.post("/checkout/verify-otp", { intent: "verify", code: await wrongCode(mobile) });
    return { status: asked.status, location: asked.location, wrongStatus: wrong.status, wrong: alertText(wrong.text) };
  };
  expect(await asApp(known)).toEqual(await asApp(unknown));
});

it("every failed code check is logged, with a masked number and never a code", async () => {
  const visitor = visitorFromNewAddress();
  const mobile = freshMobile();
  await visitor.post("/checkout/verify", { mobile });
  const right = await latestCode(`${server.url}/api`, mobile);
  const wrong = await wrongCode(mobile);
  const failuresBefore = failedChecks().length;
  await visitor.post("/checkout/verify-otp", { intent: "verify", code: wrong });
  await visitor.post("/checkout/verify-otp", { intent: "verify", code: wrong });
  await expect.poll(() => failedChecks().length).toBe(failuresBefore + 2);
  const masked = `${mobile.slice(0, 2)}******${mobile.slice(-2)}`;
  expect(failedChecks().slice(-2)).toEqual([
    expect.objectContaining({ mobile: masked, reason: "wrong_code" }),
    expect.objectContaining({ mobile: masked, reason: "wrong_code" }),
  ]);
  for (const event of events()) {
    const values = JSON.stringify(Object.values(event));
    expect(Object.keys(event)).not.toContain("code");
    expect(values).not.toContain(`"${wrong}"`);
    expect(values).not.toContain(`"${right}"`);
    expect(values).not.toContain(mobile);
  }
});

/** Every line logged: the app's, the server's (a refused allowance) and the embedded API's, one logger (decision 0036). */
function events(): Array<Record<string, unknown>> {
  return server.logs;
}

function failedChecks() {
  return events().filter((e) => e.event === "otp_verify_failed");
}
