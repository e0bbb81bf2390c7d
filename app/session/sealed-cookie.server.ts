import crypto from "node:crypto";
import type { Cookie, CookieOptions } from "@remix-run/node";
import { parse, serialize } from "cookie";

/**
 * A session cookie whose value is encrypted and authenticated (AES-256-GCM), not only signed: the
 * API token it carries cannot be read from a copied cookie (docs/product.md, Security rules). Each
 * secret yields its own key; the first seals, every one still opens, so SESSION_SECRET rotation
 * works as it did with signing. No app imports: the tests forge cookies with this same module.
 */
const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Derived once per secret: the derivation cost more than the sealing itself, on every request. */
const keys = new Map<string, Buffer>();
function keyOf(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(crypto.hkdfSync("sha256", secret, "kavach-session", "session cookie v1", 32));
    keys.set(secret, key);
  }
  return key;
}

export function seal(value: unknown, secret: string): string {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv("aes-256-gcm", keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
}

/** The sealed value, or null when no secret here sealed it (or it was altered). */
export function unseal(sealed: string, secrets: readonly string[]): unknown {
  if (!sealed.startsWith(`${VERSION}.`)) return null;
  const bytes = Buffer.from(sealed.slice(VERSION.length + 1), "base64url");
  if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
  for (const secret of secrets) {
    try {
      const decipher = crypto.createDecipheriv("aes-256-gcm", keyOf(secret), bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      const plain = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
      return JSON.parse(plain.toString("utf8"));
    } catch {
      // Not this secret's; try the next.
    }
  }
  return null;
}

/** A Remix Cookie (for createCookieSessionStorage) that seals its value with the first secret. */
export function createSealedCookie(
  name: string,
  { secrets, ...options }: CookieOptions & { secrets: string[] },
): Cookie {
  if (secrets.length === 0) throw new Error("a sealed cookie needs at least one secret");
  return {
    name,
    // Sealing authenticates the value as signing would.
    isSigned: true,
    get expires() {
      return options.maxAge !== undefined ? new Date(Date.now() + options.maxAge * 1000) : options.expires;
    },
    async parse(cookieHeader) {
      const value = cookieHeader ? parse(cookieHeader)[name] : undefined;
      return value ? unseal(value, secrets) : null;
    },
    async serialize(value, serializeOptions) {
      const merged = { ...options, ...serializeOptions };
      const expires = merged.maxAge !== undefined ? new Date(Date.now() + merged.maxAge * 1000) : merged.expires;
      return serialize(name, value === "" ? "" : seal(value, secrets[0]!), { ...merged, expires });
    },
  };
}
