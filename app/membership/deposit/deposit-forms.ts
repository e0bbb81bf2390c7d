import { z } from "zod";

/**
 * The deposit page's two forms (docs/decisions/0055), shared by the server and the browser: an amount in
 * rupees (paise allowed), and for a withdrawal the idempotency key the page was drawn with, so a second
 * submit of the same form moves nothing.
 */
const amount = z
  .string({ required_error: "Enter an amount." })
  .trim()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, "Enter an amount in rupees, such as 5000 or 5000.50.")
  .transform((r) => Math.round(Number(r) * 100))
  .refine((p) => p > 0, "Enter an amount above ₹0.");

export const withdrawSchema = z.object({
  intent: z.literal("withdraw"),
  amount,
  idempotency_key: z.string().uuid(),
});

export const topUpSchema = z.object({ intent: z.literal("top-up"), amount });

export const depositSchema = z.discriminatedUnion("intent", [withdrawSchema, topUpSchema]);
