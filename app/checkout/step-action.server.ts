import { data } from "@remix-run/node";
import type { z } from "zod";
import type { Cart, CartUpdate } from "~/upstream/employer.server";
import { getCart, updateCart } from "~/upstream/employer.server";
import type { ApiError } from "~/upstream/http.server";
import type { Session } from "~/session/session.server";
import { parseSubmission } from "~/validation/submission.server";
import { attempt, requireToken } from "~/session/signed-in.server";
import { assertStepOpen } from "./step-guard.server";
import { PATHS } from "~/routing/paths";
import type { StepId } from "./steps";
import { nextPath, pathOf } from "./steps";

/** Why a step refused a valid post: about the page (formErrors) or about one field. */
export interface StepRefusal {
  message: string;
  /** An upstream outage answers 503; anything else 400. */
  outage: boolean;
  field?: string;
}

export interface StepInput<Value> {
  value: Value;
  token: string;
  session: Session;
  /**
   * Writes the step's answer to the cart, guarded by the cart the API answers: a redirect is thrown
   * when the step is not open (assertStepOpen). A paid cart refuses the write itself (409,
   * docs/api-contract.md); only then is the cart read to say where to go.
   */
  save(update: CartUpdate): Promise<{ ok: true; value: Cart } | { ok: false; error: ApiError }>;
}

/**
 * One way to write a checkout step's action (docs/product.md, Checkout steps; Errors and
 * outages). The post is parsed first, so every answer carries everything typed; the admin must be
 * signed in (a redirect otherwise; the session is read once); a post that does not pass the step's
 * schema, or only asks for validation, is answered 400 before any upstream call; then the step's
 * own work, whose write (`save`) is guarded by the cart the API answers, so a step makes one
 * upstream round trip where it writes once (decision 0024). The work returns a redirect or a
 * refusal (400, or 503 for an outage); a refreshed session cookie goes out with every answer.
 */
export async function stepAction<Schema extends z.ZodTypeAny>(
  request: Request,
  { step, schema, hideFields }: { step: StepId; schema: Schema; hideFields?: string[] },
  work: (input: StepInput<z.output<Schema>>) => Promise<Response | StepRefusal>,
) {
  const submission = parseSubmission(await request.formData(), schema);
  const reply = (options: Omit<Parameters<typeof submission.reply>[0] & object, "hideFields"> = {}) =>
    submission.reply({ ...options, hideFields });
  const { token, session, headers } = await requireToken(request);
  if (submission.status !== "success") return data(reply(), { status: 400, headers });
  const save: StepInput<unknown>["save"] = async (update) => {
    const saved = await attempt(request, () => updateCart(token, update));
    if (saved.ok) assertStepOpen(saved.value, step, headers);
    else if (saved.error.status === 409) {
      const cart = await attempt(request, () => getCart(token));
      if (cart.ok) assertStepOpen(cart.value, step, headers);
    }
    return saved;
  };
  const outcome = await work({ value: submission.value, token, session, save });
  if (outcome instanceof Response) {
    // A step that committed the session itself sent the refreshed one along.
    if (!outcome.headers.has("Set-Cookie"))
      for (const cookie of headers.getSetCookie()) outcome.headers.append("Set-Cookie", cookie);
    return backToReview(request, step, outcome);
  }
  return data(
    outcome.field
      ? reply({ fieldErrors: { [outcome.field]: [outcome.message] } })
      : reply({ formErrors: [outcome.message] }),
    { status: outcome.outage ? 503 : 400, headers },
  );
}

/** A refusal from an API failure: its message, and whether the upstream was down. */
export const refusal = (error: { message: string; isOutage: boolean }, field?: string): StepRefusal => ({
  message: error.message,
  outage: error.isOutage,
  field: error.isOutage ? undefined : field,
});

/**
 * Check your answers (docs/product.md, Review): a step opened from a review row's "Change" link
 * (?returnTo=review; its form posts to the same address) goes back to the review once saved, not on
 * to the next step; a step that answers with itself (Recalculate) keeps the way back. The review's
 * own guard still sends the admin to any step a change left unfinished.
 */
function backToReview(request: Request, step: StepId, response: Response): Response {
  const location = response.headers.get("Location");
  if (new URL(request.url).searchParams.get("returnTo") !== "review" || !location) return response;
  const url = new URL(location, "http://step");
  let to: string;
  if (url.pathname === nextPath(step)) to = PATHS.checkout.review;
  else if (url.pathname === pathOf(step)) {
    url.searchParams.set("returnTo", "review");
    to = `${url.pathname}${url.search}${url.hash}`;
  } else return response;
  const headers = new Headers(response.headers);
  headers.set("Location", to);
  return new Response(null, { status: response.status, headers });
}
