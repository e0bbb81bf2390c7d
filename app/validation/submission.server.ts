import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { z } from "zod";
import { inputProblem } from "./input-bounds";

/** Field names Conform reserves; each holds JSON that Conform parses without a guard. */
const INTENT = "__intent__";
const STATE = "__state__";

function isValidateIntent(value: FormDataEntryValue): boolean {
  if (typeof value !== "string") return false;
  try {
    const intent = JSON.parse(value) as { type?: unknown; payload?: { name?: unknown } };
    return intent?.type === "validate" && typeof intent.payload?.name === "string";
  } catch {
    return false;
  }
}

/**
 * Conform's parseWithZod for posts anyone can make. The one intent a form may carry is Conform's
 * "validate", which saves nothing (hydrated pages validate in the browser and send none); any other intent or
 * state, which only a tampered post carries, is dropped before Conform parses its JSON (a malformed
 * one would otherwise throw and answer 500), and the post is judged as the plain submit it then is.
 *
 * Fields past the input bounds (app/validation/input-bounds.ts) are refused with 400 before Conform
 * sees them, whoever handed them over: the server checks them where they enter, and a loader that
 * parses its query string checks them again here (docs/decisions/0040).
 */
export function parseSubmission<Schema extends z.ZodTypeAny>(formData: FormData, schema: Schema) {
  const problem = inputProblem(formData.keys());
  if (problem) throw data(problem, { status: 400 });
  const intents = formData.getAll(INTENT);
  if (intents.length > 1 || (intents.length === 1 && !isValidateIntent(intents[0]!))) formData.delete(INTENT);
  formData.delete(STATE);
  return parseWithZod(formData, { schema });
}
