import { createCookieSessionStorage } from "@remix-run/node";
import { APP_VERSION } from "../../app/config/constants";
import { createSealedCookie } from "../../app/session/sealed-cookie.server";

/**
 * Reads and forges session cookies the way the app seals them, so tests can set the clock of a
 * session (idle, absolute expiry) or sign with a retired secret without waiting or restarting.
 */
export const DEV_COOKIE = "kavach_session";
export const PRODUCTION_COOKIE = "__Host-kavach";

export type SessionFields = Record<string, unknown>;

export function sessionCodec(secrets: string[], name = DEV_COOKIE) {
  const storage = createCookieSessionStorage({
    cookie: createSealedCookie(name, { secrets, path: "/", httpOnly: true, sameSite: "lax" }),
  });
  return {
    /** The fields a cookie value holds; empty when no secret here sealed it. */
    async read(value: string): Promise<SessionFields> {
      const session = await storage.getSession(`${name}=${value}`);
      return { ...session.data };
    },
    /** A cookie value holding exactly these fields, sealed with the first secret. */
    async write(fields: SessionFields): Promise<string> {
      const session = await storage.getSession();
      for (const [key, value] of Object.entries(fields)) session.set(key, value);
      const header = await storage.commitSession(session);
      return header.slice(name.length + 1, header.indexOf(";"));
    },
  };
}

/** What the app's session holds right after a number is verified (app/session/session.server.ts). */
export function signedInFields(token: string, mobileNo: string, now = Date.now()): SessionFields {
  return { token, mobileNo, whatsapp: false, version: APP_VERSION, createdAt: now, lastSeenAt: now };
}
