import type { FieldMetadata } from "@conform-to/react";
import { FieldErrors } from "~/components/form";
import { RELATIONSHIP_WORDS } from "~/cover/words";

export interface FamilyMember {
  id: string;
  name: string;
  relationship: keyof typeof RELATIONSHIP_WORDS;
}

/**
 * Which of the family a claim is for: one radio per member, the employee first and chosen unless the
 * refused post chose another (docs/product.md, Claims).
 */
export function MemberChoice({
  legend,
  field,
  members,
}: {
  legend: string;
  field: FieldMetadata<string>;
  members: readonly FamilyMember[];
}) {
  const chosen = typeof field.initialValue === "string" ? field.initialValue : members[0]?.id;
  return (
    <fieldset className="fieldset">
      <legend>{legend}</legend>
      {members.map((m) => (
        <label key={m.id} className="checkbox field">
          <input type="radio" name={field.name} value={m.id} defaultChecked={m.id === chosen} />
          <span>
            {m.name} ({RELATIONSHIP_WORDS[m.relationship]})
          </span>
        </label>
      ))}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
