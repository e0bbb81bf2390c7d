import { z } from "zod";
import { apiRequest } from "./http.server";
import { type GatewayCallback, isoDate, paise } from "./employer.server";

/**
 * The employer's cash deposit with the insurer (docs/api-contract.md; docs/decisions/0055): its ledger, a
 * withdrawal to the company's bank account, and a top-up paid through the gateway.
 */

const entry = z.object({
  id: z.number().int(),
  kind: z.enum(["refund", "addition", "top_up", "withdrawal"]),
  /** What it was for, in words. */
  description: z.string(),
  change_id: z.string().nullable(),
  /** The insurer's credit note (a refund) or tax invoice (an addition) it belongs to. */
  document: z.object({ kind: z.enum(["credit_note", "invoice"]), number: z.string() }).nullable(),
  /** A credit is positive, a debit negative. */
  amount_paise: paise,
  /** The balance after this entry. */
  balance_paise: paise,
  recorded_on: isoDate,
  recorded_at: z.string(),
});
export type DepositEntry = z.infer<typeof entry>;

export const deposit = z.object({
  /** The insurer that holds the deposit. */
  held_by: z.string(),
  balance_paise: paise,
  /** What a withdrawal may take: the balance less what open payments for additions count on. */
  available_paise: paise,
  entries: z.array(entry),
});
export type Deposit = z.infer<typeof deposit>;

export function getDeposit(token: string) {
  return apiRequest({
    backend: "employer",
    path: "/membership/deposit",
    token,
    data: z.object({ deposit }),
  });
}

/**
 * Withdraws to the company's bank account, once per idempotency key (a second submit answers the first).
 * More than is free: ApiError 409 whose message says how much may be withdrawn.
 */
export function withdrawFromDeposit(token: string, amountPaise: number, idempotencyKey: string) {
  return apiRequest({
    backend: "employer",
    method: "POST",
    path: "/membership/deposit/withdrawals",
    body: { amount_paise: amountPaise, idempotency_key: idempotencyKey },
    token,
    data: z.object({ withdrawn_paise: paise, repeated: z.boolean(), deposit }),
  });
}

/** Opens a gateway order for a top-up; the admin pays it on the gateway's page. */
export function openTopUp(token: string, amountPaise: number, callbackUrl: string) {
  return apiRequest({
    backend: "employer",
    method: "POST",
    path: "/membership/deposit/top-ups",
    body: { amount_paise: amountPaise, callback_url: callbackUrl },
    token,
    data: z.object({
      top_up: z.object({
        order_id: z.string(),
        amount_paise: paise,
        status: z.enum(["created", "failed", "paid"]),
        checkout_url: z
          .string()
          .refine((u) => u.startsWith("/") || /^https?:\/\//.test(u), "checkout_url must be a URL"),
      }),
    }),
  });
}

/** The gateway's report on a top-up (public: the signature is the proof). */
export function verifyTopUp(callback: GatewayCallback) {
  return apiRequest({
    backend: "employer",
    method: "POST",
    path: "/membership/deposit/top-ups/verify",
    body: callback,
    data: z.object({ order_id: z.string(), status: z.enum(["created", "failed", "paid"]), amount_paise: paise }),
  });
}
