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
  PATHS.members,
  PATHS.changes,
];

const UPLOAD_LIMIT_BYTES = 3 * 1024 * 1024;
/** A reimbursement's documents: 10 files of 5 MB each, and the form around them (docs/product.md, Claims). */
const CLAIM_DOCUMENTS_LIMIT_BYTES = 51 * 1024 * 1024;

/**
 * Posts that carry a file (multipart/form-data), with the most each may send: a 2 MB file and the
 * form around it. Matched in any spelling the router answers, `.data` included (server/route-path.ts).
 */
export const UPLOAD_POSTS: ReadonlyArray<readonly [string, number]> = [
  [PATHS.members, UPLOAD_LIMIT_BYTES],
  [PATHS.changes, UPLOAD_LIMIT_BYTES],
  [PATHS.cover.reimbursement, CLAIM_DOCUMENTS_LIMIT_BYTES],
];

export const SERVER_PAGE_PATHS = { notFound: PATHS.notFound, signIn: PATHS.checkout.verify } as const;
