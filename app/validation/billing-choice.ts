import { parse } from "@conform-to/react";

/** The message the server's `billingChoice` (fields.ts) gives for a missing or unknown policy. */
export const BILLING_CHOICE_MESSAGE = "Choose monthly or yearly billing.";

/**
 * The review's browser-side check of the monthly-or-yearly choice, the same rule and message as
 * `billingChoice` in fields.ts without zod: one radio group is all the form posts, and zod with its
 * Conform adapter would be most of the review's own script on a cold cache. The server still parses
 * with `billingChoice` (step-action.server.ts).
 */
export const billingChoiceValidation = {
  onValidate: ({ formData }: { formData: FormData }) =>
    parse(formData, {
      resolve: (payload) => {
        const { policy } = payload;
        return policy === "monthly" || policy === "yearly"
          ? { value: { policy } }
          : { error: { policy: [BILLING_CHOICE_MESSAGE] } };
      },
    }),
  shouldValidate: "onBlur",
  shouldRevalidate: "onInput",
  constraint: { policy: { required: true } },
} as const;
