import { z } from "zod";
import type { MemberInput, Relationship } from "./rules";
import { checkMemberRow } from "./rules";

/**
 * The correction form of one member (docs/product.md, Corrections; decision 0057): the details an admin
 * corrects without support, judged by the census's own row rules with the member's code, relationship and
 * date of joining as they are (never corrected here). Parsed by the action and, hydrated, by the browser.
 */
export const CORRECTABLE = ["full_name", "gender", "date_of_birth", "mobile", "email"] as const;
export type Correctable = (typeof CORRECTABLE)[number];

/** How the statement, the toast and the email name each detail. */
export const CORRECTION_WORDS: Record<Correctable, string> = {
  full_name: "name",
  gender: "gender",
  date_of_birth: "date of birth",
  mobile: "mobile",
  email: "email",
};

export interface Corrected {
  employee_code: string;
  relationship: Relationship;
  date_of_joining: string | null;
}

export function correctionSchema(today: string, who: Corrected) {
  const text = z.string().max(300).optional();
  return z
    .object({ full_name: text, gender: text, date_of_birth: text, mobile: text, email: text })
    .transform((form, ctx): Pick<MemberInput, Correctable> => {
      const checked = checkMemberRow(
        {
          employee_code: who.employee_code,
          relationship: who.relationship,
          date_of_joining: who.date_of_joining ?? "",
          full_name: form.full_name ?? "",
          gender: form.gender ?? "",
          date_of_birth: form.date_of_birth ?? "",
          mobile: form.mobile ?? "",
          email: form.email ?? "",
        },
        today,
      );
      if (!checked.ok) {
        for (const p of checked.problems)
          if ((CORRECTABLE as readonly string[]).includes(p.column))
            ctx.addIssue({ code: "custom", path: [p.column], message: p.message });
        return z.NEVER;
      }
      const { full_name, gender, date_of_birth, mobile, email } = checked.member;
      return { full_name, gender, date_of_birth, mobile, email };
    });
}

/** "name and date of birth": the details a correction changed, in words. */
export function correctedWords(fields: readonly Correctable[]): string {
  const words = fields.map((f) => CORRECTION_WORDS[f]);
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)!}`;
}
