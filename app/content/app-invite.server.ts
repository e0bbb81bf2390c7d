import { getZodConstraint } from "@conform-to/zod";
import { z } from "zod";
import { mobileNumber } from "~/validation/fields";
import { parseSubmission } from "~/validation/submission.server";

/**
 * The /app invite form's rules. Server-only: the form is checked by its action (the same answer
 * with script or without), so zod never ships in the page's script; the constraints (required,
 * length) reach the input as attributes through the loader.
 */
const inviteSchema = z.object({ mobile: mobileNumber }).strict();

export const inviteConstraint = getZodConstraint(inviteSchema);

export function parseInvite(formData: FormData) {
  return parseSubmission(formData, inviteSchema);
}
