import { z } from "zod";
import { EMPLOYEES_MAX, MESSAGES } from "~/config/constants";
import { referenceId } from "./fields";

/**
 * The add-people grid's rows (docs/product.md, Add people): shared by the step's form (checked in
 * the browser), its action and the live price (routes/checkout.quote.tsx).
 */
const code = z
  .string()
  .trim()
  .min(1)
  .max(16)
  .regex(/^[\w+-]+$/);

export const peopleRows = z
  .array(
    z.object({
      band: code,
      range: code,
      count: z
        .number({ invalid_type_error: "Enter a whole number." })
        .int("Enter a whole number.")
        .min(0, "Cannot be negative.")
        .max(EMPLOYEES_MAX, MESSAGES.employeesRange)
        .default(0),
    }),
  )
  .min(1)
  .max(64);

export const addPeopleSchema = z.object({ intent: z.enum(["recalculate", "continue"]), rows: peopleRows }).strict();

/**
 * What the live price asks about: the grid as typed, and on plan-select (and the public price
 * calculator) a plan and coverages. Those are upstream ids, longer than a band or cover code
 * ("discounted-health-checkups").
 */
export const quoteQuery = z
  .object({
    rows: peopleRows.optional(),
    planId: referenceId.optional(),
    coverage: z.array(referenceId).max(20).optional(),
  })
  .strict();
