import { z } from "zod";

/**
 * The claim forms' fields, shared by each form and its action through Conform (docs/product.md, Claims).
 * They mirror the API's own rules where a form can know them; the rest (the member's dates of cover, the
 * sum insured left, one open intimation per admission) the API answers, and the form shows its message.
 */

/**
 * A reimbursement's documents: the action's limits and the form's hint. They live here, not in the
 * server-only module, so the page renders the same number on the server and in the browser.
 */
export const MAX_DOCUMENTS = 10;
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const memberId = z
  .string({ required_error: "Choose the family member." })
  .regex(/^[\w-]{1,64}$/, "Choose the family member.");

const date = (label: string) =>
  z
    .string({ required_error: `Give the ${label}.` })
    .trim()
    .regex(ISO_DATE, `Give the ${label} as a date.`);

const words = (required: string, max: number) =>
  z
    .string({ required_error: required })
    .trim()
    .min(3, "Write at least 3 characters.")
    .max(max, `Keep it under ${max} characters.`);

/** Whole rupees, as typed (commas allowed): at least ₹100. */
const rupees = (required: string) =>
  z
    .string({ required_error: required })
    .transform((v) => v.replace(/[,\s₹]/g, ""))
    .pipe(
      z
        .string()
        .regex(/^\d{1,9}$/, "Give the amount in whole rupees.")
        .transform(Number)
        .pipe(z.number().min(100, "The amount must be at least ₹100.")),
    );

export const intimationSchema = z
  .object({
    hospital: z
      .string({ required_error: "Choose the hospital." })
      .regex(/^HSP-\d{4}$/, "Choose a hospital from the network list."),
    member: memberId,
    admission: z.enum(["planned", "emergency"], { errorMap: () => ({ message: "Choose planned or emergency." }) }),
    date: date("date of admission"),
    time: z
      .string()
      .trim()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Give the time as HH:MM, for example 14:30.")
      .optional(),
    reason: words("Say why, in a few words.", 500),
    estimate: rupees("Give the hospital's estimate."),
  })
  .superRefine((v, ctx) => {
    if (v.admission === "emergency" && v.time === undefined) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["time"],
        message: "Give the time of the emergency admission.",
      });
    }
  });

export const CARES = ["inpatient", "daycare", "outpatient"] as const;

export const reimbursementSchema = z
  .object({
    member: memberId,
    care: z.enum(CARES, { errorMap: () => ({ message: "Choose the kind of treatment." }) }),
    hospital: words("Give the hospital's or clinic's name.", 120),
    from: date("first day of treatment"),
    to: date("last day of treatment"),
    reason: words("Say what the treatment was for, in a few words.", 500),
    amount: rupees("Give the bill's amount."),
  })
  .superRefine((v, ctx) => {
    if (v.to < v.from) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["to"], message: "The last day is before the first." });
    }
  });

export const answerSchema = z.object({
  answer: words("Write your answer.", 500),
});
