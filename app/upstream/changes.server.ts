import { z } from "zod";
import { isoDate } from "./employer.server";
import type { ApiError } from "./http.server";
import { apiRequest, noneIfNotFound } from "./http.server";
import type { MemberInput } from "./members.server";

/**
 * Changes during the year (docs/api-contract.md, Changes during the year): a joiner, a leaver or a family
 * event, quoted first and confirmed once. A change names members: callers keep it out of logs and caches.
 */

const paise = z.number().int();

const person = z.object({
  employee_code: z.string().nullish(),
  full_name: z.string().nullish(),
  relationship: z.string().nullish(),
  date_of_birth: z.string().nullish(),
});

const change = z.object({
  change_id: z.string(),
  kind: z.enum(["add", "remove"]),
  event: z.enum(["marriage", "birth"]).nullable(),
  employee_code: z.string(),
  band: z.string(),
  range: z.string(),
  effective_date: isoDate,
  reason: z.string().nullable(),
  priced_on: isoDate,
  status: z.enum(["quoted", "confirmed"]),
  confirmed_at: z.string().nullable(),
  confirmed_by: z.string().nullable(),
  members: z.array(person),
  price: z.object({
    policy: z.enum(["monthly", "yearly"]),
    unit_monthly_paise: paise,
    days: z.number().int().nullable(),
    days_in_year: z.number().int(),
    discount_pct: z.number(),
    premium_paise: paise,
    tax_lines: z.array(z.object({ label: z.string(), rate_bp: z.number().int(), paise })),
    tax_paise: paise,
    total_paise: paise,
    new_monthly_paise: paise.nullable(),
    starts_on: isoDate.nullable(),
    /** A yearly removal past the s.34(2) deadline: why its credit notes carry no GST. */
    no_gst_reason: z.string().optional(),
    /** An addition with a charge: covered from the day its premium is received, and why (No cover before premium). */
    cover_from: isoDate.optional(),
    cover_from_reason: z.string().optional(),
    /** Monthly: the part-month to the next charge, paid at once before the addition is made. */
    due_now: z
      .object({
        from: isoDate,
        to: isoDate,
        days: z.number().int(),
        period_days: z.number().int(),
        premium_paise: paise,
        tax_lines: z.array(z.object({ label: z.string(), rate_bp: z.number().int(), paise })),
        tax_paise: paise,
        total_paise: paise,
      })
      .optional(),
  }),
});
export type Change = z.infer<typeof change>;

export type ChangeRequest =
  | { kind: "add"; band: string; range: string; effective_date: string; members: MemberInput[] }
  | {
      kind: "family";
      employee_code: string;
      event: "marriage" | "birth";
      effective_date: string;
      member: MemberInput;
    }
  | { kind: "remove"; employee_code: string; effective_date: string; reason: string };

const payment = z.object({
  order_id: z.string(),
  change_id: z.string(),
  amount_paise: paise,
  status: z.enum(["created", "attempted", "pending", "paid"]),
  /** A payment taken for an addition that could not then be made: it goes back. */
  refund_due: z.boolean(),
  checkout_url: z.string().refine((u) => u.startsWith("/") || /^https?:\/\//.test(u), "checkout_url must be a URL"),
});
export type ChangePayment = z.infer<typeof payment>;

const answer = z.object({ change });
const withPayment = z.object({ change, payment: payment.nullable() });
/** One change as its page shows it: with what making it asks the gateway for now (0: a confirm makes it). */
const shown = withPayment.extend({ amount_due_paise: paise });

/** Checks and prices a change; nothing changes until it is confirmed. Refusals: ApiError 422 / 404 / 409. */
export function quoteChange(token: string, body: ChangeRequest) {
  return apiRequest({
    backend: "employer",
    method: "POST",
    path: "/membership/changes/quote",
    body,
    token,
    data: answer,
  });
}

const refusal = z.object({
  field: z.string().optional(),
  rejected: z.array(z.object({ row_number: z.number().int(), column: z.string(), message: z.string() })).optional(),
});

const quoted = z.object({
  batch_id: z.string(),
  results: z.array(
    z.union([
      z.object({ change }),
      z.object({ error: refusal.extend({ status: z.number().int(), message: z.string() }) }),
    ]),
  ),
});
export type BatchQuote = z.infer<typeof quoted>["results"][number];

/**
 * Quotes an upload's changes in one call (docs/decisions/0042): each answered, in order, with its change
 * or its refusal (the field or rows it names, as one quote's 422 does). The batch's id names them for
 * "confirm all".
 */
export function quoteChanges(token: string, changes: ChangeRequest[]) {
  return apiRequest({
    backend: "employer",
    method: "POST",
    path: "/membership/changes/quotes",
    body: { changes },
    token,
    data: quoted,
  });
}

/**
 * "Confirm all" of an upload in one call: every change of the batch that needs no payment, each made or
 * refused on its own; one made already is answered as it is. ApiError 410 once the batch's quotes expired.
 */
export function confirmBatch(token: string, batchId: string) {
  return apiRequest({
    backend: "employer",
    method: "POST",
    path: "/membership/changes/confirm",
    body: { batch_id: batchId },
    token,
    data: z.object({
      results: z.array(
        z.union([
          z.object({ change: change.passthrough() }),
          z.object({ error: z.object({ change_id: z.string(), status: z.number().int(), message: z.string() }) }),
        ]),
      ),
    }),
  });
}

/** A batch id as a form may carry it, or null. */
export function parseBatchId(value: unknown): string | null {
  return typeof value === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
    ? value
    : null;
}

/** One change of the caller's membership and its latest payment (ApiError 404 for an unknown one or another company's). */
export function getChange(token: string, changeId: string) {
  return noneIfNotFound(
    apiRequest({
      backend: "employer",
      path: `/membership/changes/${encodeURIComponent(changeId)}`,
      token,
      data: shown,
    }),
  );
}

/**
 * Opens (or gives back) the gateway order for a yearly addition, at the price shown: a price changed
 * since is ApiError 409 with a fresh quote (`requotedOf`). A paid or pending one is answered as it is.
 */
export function payChange(token: string, changeId: string, callbackUrl: string) {
  return apiRequest({
    backend: "employer",
    method: "POST",
    path: `/membership/changes/${encodeURIComponent(changeId)}/pay`,
    body: { callback_url: callbackUrl },
    token,
    data: withPayment,
  });
}

/** The gateway's report on an addition's payment (public: the signature is the proof). */
export function verifyChangePayment(callback: Record<string, string | undefined>) {
  return apiRequest({
    backend: "employer",
    method: "POST",
    path: "/membership/changes/payments/verify",
    body: callback,
    data: z.object({ change_id: z.string(), status: payment.shape.status, refund_due: z.boolean() }),
  });
}

/**
 * Confirms a quoted change once; a second confirm answers the same change. A price that changed since the
 * quote: ApiError 409 whose fresh quote `requotedOf` reads.
 */
export function confirmChange(token: string, changeId: string) {
  return apiRequest({
    backend: "employer",
    method: "POST",
    path: `/membership/changes/${encodeURIComponent(changeId)}/confirm`,
    body: {},
    token,
    data: answer,
  });
}

/** The fresh quote a 409 confirm carries, or null. */
export function requotedOf(error: ApiError): Change | null {
  const parsed = answer.safeParse(error.data);
  return parsed.success ? parsed.data.change : null;
}

/** Which field or rows a 422 refusal names. */
export function refusalOf(error: ApiError): z.infer<typeof refusal> {
  const parsed = refusal.safeParse(error.data);
  return parsed.success ? parsed.data : {};
}

// Change ids are opaque and URL-safe (KVC-<uuid> in the sandbox).
const changeIdPattern = /^[A-Za-z0-9_-]{1,80}$/;

/** A change id as it may appear in a URL, or null. */
export function parseChangeId(value: string | undefined): string | null {
  return value !== undefined && changeIdPattern.test(value) ? value : null;
}
