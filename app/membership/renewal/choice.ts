import { z } from "zod";
import type { RenewalChoice } from "~/upstream/renewal.server";

/**
 * The admin's choice of plan and benefits for the next year (docs/product.md, Renewal), as the quote's
 * query and the pay form's hidden fields both carry it: `plan`, `benefit` once per optional benefit, and
 * `chosen` once the benefits were chosen at all (so that none ticked is a choice, not "as this year").
 * Anything malformed is no choice: the quote then shows this year's plan and benefits.
 */
const id = z.string().regex(/^[\w-]{1,64}$/);
const choiceFields = z.object({
  plan: id.optional(),
  benefit: z.array(id).max(20),
  chosen: z.literal("1").optional(),
});

export function renewalChoiceOf(fields: URLSearchParams | FormData): RenewalChoice {
  const parsed = choiceFields.safeParse({
    plan: fields.get("plan") ?? undefined,
    benefit: fields.getAll("benefit"),
    chosen: fields.get("chosen") ?? undefined,
  });
  if (!parsed.success) return {};
  return {
    ...(parsed.data.plan === undefined ? {} : { plan_id: parsed.data.plan }),
    ...(parsed.data.chosen === undefined ? {} : { coverages: parsed.data.benefit }),
  };
}
