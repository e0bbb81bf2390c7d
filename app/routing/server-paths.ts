import { PATHS } from "~/routing/paths";
import { STEPS } from "~/checkout/steps";

/**
 * What server.ts needs to know of the app's paths, handed over through the build's entry module
 * (server/ never imports the app).
 */

/** Posts that only a signed-in admin can make: refused cheaply, before the body is read, without a session cookie. */
export const SIGNED_IN_POSTS: readonly string[] = [
  ...STEPS.filter((s) => s.id !== "verify").map((s) => s.path),
  PATHS.checkout.whatsapp,
];

export const SERVER_PAGE_PATHS = { notFound: PATHS.notFound, signIn: PATHS.checkout.verify } as const;
