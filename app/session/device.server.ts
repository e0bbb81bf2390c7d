import { randomBytes } from "node:crypto";
import { z } from "zod";
import { env } from "~/config/env.server";
import { createSealedCookie } from "~/session/sealed-cookie.server";
import type { Session } from "~/session/session.server";

/**
 * The device cookie (docs/product.md, Sign-in; docs/decisions/0016, Update): a browser that signed in
 * to a number keeps its own allowance of codes and wrong tries for it, so a stranger spending the
 * number's shared allowance or tripping its locks does not keep the owner out (OWASP's device cookies,
 * instead of locking the account). The cookie holds a random device id, sealed with SESSION_SECRET
 * like the session, so it can be neither read nor forged; the API knows the device only by the
 * id's hash, remembered when a code asked under it was entered right. It outlives sessions and
 * logouts: it names the browser, not a sign-in.
 */
const DEVICE_COOKIE_NAME = env.httpsOnly ? "__Host-kavach_device" : "kavach_device";
/** As long as the API remembers a device after its last sign-in (sandbox/accounts/otp.ts, DEVICE_MEMORY_MS). */
const DEVICE_COOKIE_MAX_AGE_S = 180 * 24 * 60 * 60;

const deviceCookie = createSealedCookie(DEVICE_COOKIE_NAME, {
  httpOnly: true,
  sameSite: "lax",
  secure: env.httpsOnly,
  path: "/",
  secrets: env.sessionSecrets,
  maxAge: DEVICE_COOKIE_MAX_AGE_S,
});

/** 256 random bits, base64url: what the API's X-Device-Id accepts. */
const deviceId = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
const sealedValue = z.object({ id: deviceId });

/** The id this browser signed in with before, or null (no cookie, or one this server did not seal). */
async function rememberedDevice(request: Request): Promise<string | null> {
  const parsed = sealedValue.safeParse(await deviceCookie.parse(request.headers.get("Cookie")));
  return parsed.success ? parsed.data.id : null;
}

/**
 * The id to ask for a code under: the device cookie's, so a browser that signed in before spends its
 * own allowance; else the one this sign-in already asked under; else a new one. Kept in the session,
 * so the code is checked under the id it was asked under.
 */
export async function deviceForNewCode(request: Request, session: Session): Promise<string> {
  const id = (await rememberedDevice(request)) ?? session.get("deviceId") ?? randomBytes(32).toString("base64url");
  session.set("deviceId", id);
  return id;
}

/** After the right code: the Set-Cookie that keeps the id this browser signed in with. */
export function rememberDevice(id: string): Promise<string> {
  return deviceCookie.serialize({ id });
}
