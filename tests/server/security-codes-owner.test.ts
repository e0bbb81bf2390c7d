import { afterAll, beforeAll, expect, it } from "vitest";
import { Visitor, freshMobile, latestCode } from "../support/client";
import { type InProcessApp, appInProcess } from "../support/in-process";
import { passCodeTime } from "../support/test-clock";

/**
 * Decision 0016, Update: no stranger keeps the owner of a number out (NIST SP 800-63B throttling,
 * OWASP device cookies). A newer code asked for by someone else voids nothing; a browser that signed
 * in to the number keeps its own allowance of codes and tries for it; one address cannot spend the
 * number's hourly allowance alone; and the wrong-try limits still hold.
 */

let server: InProcessApp;
let api: string;
beforeAll(async () => {
  server = await appInProcess({
    // The tests act as many addresses through X-Forwarded-For, believed from this proxy only.
    TRUST_PROXY: "127.0.0.1",
    SANDBOX_TEST_CLOCK: "1",
  });
  api = `${server.url}/api`;
});
afterAll(() => server.close());

let lastAddress = 0;
function newAddress(): string {
  lastAddress += 1;
  return `198.18.0.${lastAddress}`;
}

/** A browser of its own (no cookies), at an address of its own. */
function newBrowser(): Visitor {
  return new Visitor(server.url, { "x-forwarded-for": newAddress() });
}

/** The same browser (its cookies) at another address, as a phone moving between networks. */
function movedTo(browser: Visitor, address: string): Visitor {
  const moved = new Visitor(server.url, { "x-forwarded-for": address });
  for (const [name, value] of browser.cookies) moved.cookies.set(name, value);
  return moved;
}

/** The messages of the page's alerts and error summary. */
function alertText(html: string): string {
  return [
    ...html.matchAll(/role="alert"[^>]*>([\s\S]*?)<\/(?:div|p)>|class="error-summary"[\s\S]*?<ul>([\s\S]*?)<\/ul>/g),
  ]
    .map(([, alert, summary]) => (alert ?? summary)!.replace(/<[^>]+>/g, ""))
    .filter(Boolean)
    .join(" ");
}

function askCode(browser: Visitor, mobile: string) {
  return browser.post("/checkout/verify", { mobile });
}

function enterCode(browser: Visitor, code: string) {
  return browser.post("/checkout/verify-otp", { intent: "verify", code });
}

async function signedIn(browser: Visitor): Promise<boolean> {
  return (await browser.get("/checkout/gst-details")).status === 200;
}

/** A code certainly not `code`. */
function otherThan(code: string): string {
  return String((Number(code) + 1) % 10_000).padStart(4, "0");
}

it("the owner's right code is accepted after a stranger asked for a newer one", async () => {
  const mobile = freshMobile();
  const owner = newBrowser();
  expect((await askCode(owner, mobile)).status).toBe(303);
  const ownersCode = await latestCode(api, mobile);
  // Strangers ask as soon as the resend wait lets them, through the app and straight at the API,
  // each sending a newer code.
  await passCodeTime(api, mobile, 30);
  const stranger = newBrowser();
  expect((await askCode(stranger, mobile)).status).toBe(303);
  await passCodeTime(api, mobile, 30);
  const direct = await fetch(`${api}/global/users?country_id=91&mobile_no=${mobile}`, {
    headers: { "x-forwarded-for": newAddress() },
  });
  expect(direct.status).toBe(200);
  const signIn = await enterCode(owner, ownersCode);
  expect(signIn.status).toBe(303);
  expect(signIn.location).not.toBe("/checkout/verify-otp");
  expect(await signedIn(owner)).toBe(true);
});

it("wrong-try limits still hold: five wrong tries on a code, from any addresses, and the right one is refused", async () => {
  const mobile = freshMobile();
  const stranger = newBrowser();
  expect((await askCode(stranger, mobile)).status).toBe(303);
  const code = await latestCode(api, mobile);
  const answers: string[] = [];
  // One browser hopping address at every try gets five tries at its code, not five per address.
  for (let i = 0; i < 5; i += 1)
    answers.push(alertText((await enterCode(movedTo(stranger, newAddress()), otherThan(code))).text));
  expect(answers).toEqual([
    "The code is incorrect. 4 tries left.",
    "The code is incorrect. 3 tries left.",
    "The code is incorrect. 2 tries left.",
    "The code is incorrect. 1 try left.",
    "Too many wrong tries. Ask for a new code in 60 minutes.",
  ]);
  const late = movedTo(stranger, newAddress());
  expect(alertText((await enterCode(late, code)).text)).toBe("Too many wrong tries. Ask for a new code in 60 minutes.");
  expect(await signedIn(late)).toBe(false);
  // A fresh browser at an address that made wrong tries shares that address's count.
  const address = newAddress();
  const first = movedTo(newBrowser(), address);
  await passCodeTime(api, mobile, 30);
  expect((await askCode(first, mobile)).status).toBe(303);
  for (let i = 0; i < 3; i += 1) await enterCode(first, otherThan(await latestCode(api, mobile)));
  const second = movedTo(newBrowser(), address);
  await passCodeTime(api, mobile, 30);
  expect((await askCode(second, mobile)).status).toBe(303);
  expect(alertText((await enterCode(second, otherThan(await latestCode(api, mobile)))).text)).toBe(
    "The code is incorrect. 1 try left.",
  );
});

it("the owner on a known device still gets a code after strangers used the number's hourly allowance; a stranger's device does not", async () => {
  const mobile = freshMobile();
  const owner = newBrowser();
  // No device cookie for asking, nor for a wrong code: only a right code makes a device known.
  await askCode(owner, mobile);
  const code = await latestCode(api, mobile);
  await enterCode(owner, otherThan(code));
  expect(owner.cookie("kavach_device")).toBeUndefined();
  const signIn = await enterCode(owner, code);
  const deviceCookie = signIn.headers.getSetCookie().find((c) => c.startsWith("kavach_device="));
  expect(deviceCookie).toMatch(/; Max-Age=15552000;/);
  expect(deviceCookie).toMatch(/; HttpOnly/);
  expect(deviceCookie).toMatch(/; SameSite=Lax/);
  // Signing out ends the session, not the device.
  expect((await owner.post("/logout", {})).status).toBe(303);
  expect(owner.cookie("kavach_session")).toBeUndefined();
  expect(owner.cookie("kavach_device")).toBeDefined();

  // Strangers spend the rest of the number's five codes an hour: one address may spend only three.
  const strangerAddress = newAddress();
  for (let i = 0; i < 3; i += 1) {
    await passCodeTime(api, mobile, 30);
    expect((await askCode(movedTo(newBrowser(), strangerAddress), mobile)).status).toBe(303);
  }
  await passCodeTime(api, mobile, 30);
  const fourthFromThere = await askCode(movedTo(newBrowser(), strangerAddress), mobile);
  expect(fourthFromThere.status).toBe(400);
  expect(alertText(fourthFromThere.text)).toBe("Too many codes requested for this number. Try again in an hour.");
  expect((await askCode(newBrowser(), mobile)).status).toBe(303);
  await passCodeTime(api, mobile, 30);
  const stranger = newBrowser();
  const refused = await askCode(stranger, mobile);
  expect(refused.status).toBe(400);
  expect(alertText(refused.text)).toBe("Too many codes requested for this number. Try again in an hour.");
  // A forged device cookie (the owner's, altered) is no device at all.
  const forged = owner.cookie("kavach_device")!;
  stranger.cookies.set("kavach_device", forged.slice(0, -2) + (forged.endsWith("AA") ? "BA" : "AA"));
  expect((await askCode(stranger, mobile)).status).toBe(400);

  // The owner's browser asks at once (its own resend wait) and signs in, from the strangers' address too.
  const ownerThere = movedTo(owner, strangerAddress);
  expect((await askCode(ownerThere, mobile)).status).toBe(303);
  expect((await enterCode(ownerThere, await latestCode(api, mobile))).status).toBe(303);
  expect(await signedIn(ownerThere)).toBe(true);
});
