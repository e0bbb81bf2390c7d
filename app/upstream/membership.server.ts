import { z } from "zod";
import { apiRequest, noneIfNotFound } from "./http.server";
import { bill, company, isoDate, order, paise, policy, sumInsuredBasis } from "./employer.server";
import { renewalWindow } from "./renewal.server";
import { deposit } from "./deposit.server";

/**
 * Calls about a paid membership (docs/api-contract.md): what was bought and how it is billed, the
 * statement of changes during the year with the cash deposit with the insurer, and the monthly mandate.
 */

const mandateCancellation = z.object({
  cancelled_at: z.string(),
  cancelled_on: isoDate,
  cancelled_by: z.string(),
  months_paid: z.number().int(),
  cover_ends_on: isoDate,
});
export type MandateCancellation = z.infer<typeof mandateCancellation>;

const membership = z
  .object({
    // Who is looking and what their role allows (docs/product.md, More than one admin).
    you: z
      .object({
        name: z.string(),
        role: z.enum(["owner", "admin", "hr", "finance"]),
        abilities: z.array(z.string()),
      })
      .optional(),
    status: z.enum(["paid", "pending"]),
    order,
    company: company.extend({ address: z.string() }).nullable(),
    admin: z.object({ name: z.string(), email: z.string(), email_masked: z.string() }).nullable(),
    plan: z
      .object({
        plan_id: z.string(),
        name: z.string(),
        sum_insured_inr: z.number().int(),
        sum_insured_basis: sumInsuredBasis,
      })
      .nullable(),
    benefits: z.array(z.object({ id: z.string(), name: z.string() })),
    members: z.number().int().nullable(),
    people: z.array(
      z.object({
        band: z.string(),
        band_label: z.string(),
        range: z.string(),
        range_label: z.string(),
        count: z.number().int(),
      }),
    ),
    // The bill frozen with the order: its amounts, without the per-item split of a live quote.
    bill: bill.omit({ items: true }).nullable(),
    start_date: isoDate.nullable(),
    cover_end_date: isoDate.nullable(),
    current_period: z.object({ from: isoDate, to: isoDate }).nullable(),
    billing: z.object({
      policy,
      amount_paise: paise,
      schedule: z.array(
        z.object({
          number: z.number().int(),
          date: isoDate,
          amount_paise: paise,
          status: z.enum(["paid", "scheduled", "cancelled"]),
        }),
      ),
      next_charge: z.object({ date: isoDate, amount_paise: paise }).nullable(),
      mandate: z
        .object({
          description: z.string(),
          authorised_on: isoDate,
          amount_paise: paise,
          charges: z.number().int(),
          pre_debit_notice_hours: z.number().int(),
          how_to_cancel: z.string(),
          cancelled: mandateCancellation.nullable(),
        })
        .nullable(),
    }),
    invoices: z.array(
      z.object({
        id: z.string(),
        number: z.string(),
        date: isoDate,
        total_paise: paise,
        email_status: z.string().nullable(),
        /** Who issued it and what for (docs/decisions/0047); absent on invoices issued before. */
        supplier: z.string().optional(),
        document_for: z.string().nullable().optional(),
      }),
    ),
    refunds_due: z.array(
      z.object({
        order_id: z.string(),
        /** Set for a payment for an addition during the year that could not be made. */
        change_id: z.string().nullable(),
        payment_id: z.string(),
        amount_paise: paise,
        recorded_at: z.string(),
      }),
    ),
    support: z.object({ email: z.string(), phone: z.string() }),
    /** How far the member census has come; null until the payment is in. */
    census: z
      .object({
        employees_bought: z.number().int(),
        employees_named: z.number().int(),
        lives_bought: z.number().int(),
        lives_named: z.number().int(),
        complete: z.boolean(),
      })
      .nullable(),
    policy: z.object({ policy_number: z.string(), issued_at: z.string() }).nullable(),
    /** Whether the period's cover has ended, read from its end date; null until paid (docs/product.md, Renewal). */
    cover_status: z.enum(["in_force", "ended"]).nullable(),
    renewal: renewalWindow.nullable(),
  })
  .nullable();
export type Membership = NonNullable<z.infer<typeof membership>>;

/**
 * Cancels the monthly mandate: no later charge is collected and cover runs to the end of the last month
 * paid. A second cancel is refused with 409 (the first cancellation stands).
 */
export function cancelMandate(token: string) {
  return apiRequest({
    backend: "employer",
    method: "POST",
    path: "/membership/mandate/cancel",
    body: {},
    token,
    data: z.object({ cancellation: mandateCancellation }),
  });
}

/** A change's document: its id (for the URL) and number. */
const documentRef = z.object({ id: z.string(), number: z.string() }).nullable();

const statementChange = z.object({
  change_id: z.string(),
  kind: z.enum(["add", "remove"]),
  /** A family event is an addition for an employee already covered: a spouse after a marriage, or a newborn. */
  event: z.enum(["marriage", "birth"]).nullable().default(null),
  employee_code: z.string(),
  band: z.string(),
  range: z.string(),
  effective_date: isoDate,
  reason: z.string().nullable(),
  price: z.object({ total_paise: z.number().int() }),
  confirmed_at: z.string().nullable(),
  confirmed_by: z.string().nullable(),
  invoice: documentRef,
  credit_note: documentRef,
  /** One per supplier whose supply the change adds or gives back (docs/decisions/0047). */
  invoices: z.array(documentRef.unwrap()).default([]),
  credit_notes: z.array(documentRef.unwrap()).default([]),
});
export type StatementChange = z.infer<typeof statementChange>;

const changesStatement = z.object({
  statement: z.array(statementChange),
  /** Employees covered now per band and family cover bought. */
  covered: z.array(
    z.object({
      band: z.string(),
      band_label: z.string(),
      range: z.string(),
      range_label: z.string(),
      employees_bought: z.number().int(),
      employees: z.number().int(),
    }),
  ),
  /** The employer's cash deposit with the insurer (decision 0055). */
  deposit,
});
export type ChangesStatement = z.infer<typeof changesStatement>;

/** Every confirmed change to a paid membership, oldest first, with the members covered now and the deposit. */
export function getChangesStatement(token: string) {
  return noneIfNotFound(
    apiRequest({ backend: "employer", path: "/membership/changes", token, data: changesStatement }),
  );
}

/** The admin's membership: null until an order is paid or its payment is pending. */
export function getMembership(token: string) {
  return apiRequest({ backend: "employer", path: "/membership", token, data: membership });
}
