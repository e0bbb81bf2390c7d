import { z } from "zod";
import { EMPLOYEES_MAX, EMPLOYEES_MIN, MESSAGES, OTP_LENGTH, PHONE_LENGTH } from "~/config/constants";
import { gstinProblem, normaliseGstin } from "./gstin";

/**
 * Field rules (docs/product.md, Messages), shared by every form and its action (through Conform) and by the
 * prefill check. Each message is the one shown beside the field.
 */

/** Strips what people type around an Indian mobile number: spaces, dashes, +91, 91, a leading 0. */
export function normaliseMobile(value: string): string {
  const digits = value.replace(/[\s\-()]/g, "");
  if (/^\+91\d{10}$/.test(digits)) return digits.slice(3);
  if (/^91\d{10}$/.test(digits)) return digits.slice(2);
  if (/^0\d{10}$/.test(digits)) return digits.slice(1);
  return digits;
}

export const mobileNumber = z
  .string({ required_error: MESSAGES.phoneRequired })
  .max(20, MESSAGES.phoneInvalid)
  .transform(normaliseMobile)
  .pipe(z.string().regex(new RegExp(`^[6-9]\\d{${PHONE_LENGTH - 1}}$`), MESSAGES.phoneInvalid));

export const otpCode = z
  .string({ required_error: MESSAGES.codeInvalid })
  .trim()
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), MESSAGES.codeInvalid);

const GSTIN_MESSAGES = {
  length: MESSAGES.gstinLength,
  state: MESSAGES.gstinState,
  format: MESSAGES.gstinFormat,
  check: MESSAGES.gstinCheck,
} as const;

export const gstin = z
  .string({ required_error: MESSAGES.gstinRequired })
  .max(40, MESSAGES.gstinLength)
  .transform(normaliseGstin)
  .superRefine((value, ctx) => {
    const problem = gstinProblem(value);
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: GSTIN_MESSAGES[problem] });
  });

/** Company name is always valid; only its length is bounded. */
/** An upstream reference (plan, coverage, order or payment id): word characters and hyphens only. */
export const referenceId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/);

export const companyName = z.string().trim().max(120, "Keep the company name under 120 characters.");

export const personName = z
  .string({ required_error: MESSAGES.nameRequired })
  .trim()
  .min(1, MESSAGES.nameRequired)
  .max(80, "Keep the name under 80 characters.")
  .regex(/^[\p{L}\p{M} ]+$/u, MESSAGES.nameLetters);

export const email = z
  .string({ required_error: MESSAGES.emailInvalid })
  .trim()
  .max(254, MESSAGES.emailInvalid)
  .regex(/^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,20}$/, MESSAGES.emailInvalid)
  .transform((v) => v.toLowerCase());

/** Empty is valid; otherwise 2 to 10,000 (docs/product.md, Checkout steps). */
export const totalEmployees = z
  .number({ invalid_type_error: MESSAGES.employeesRange })
  .int(MESSAGES.employeesRange)
  .min(EMPLOYEES_MIN, MESSAGES.employeesRange)
  .max(EMPLOYEES_MAX, MESSAGES.employeesRange)
  .optional();

/** The monthly-or-yearly choice posted by the review and payment steps. */
export const billingChoice = z
  .object({
    policy: z.enum(["monthly", "yearly"], {
      required_error: "Choose monthly or yearly billing.",
      invalid_type_error: "Choose monthly or yearly billing.",
    }),
  })
  .strict();
