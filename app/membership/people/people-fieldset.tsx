import type { FieldMetadata } from "@conform-to/react";
import { TextField } from "~/components/form";
import { COLUMN_LABELS, RELATIONSHIP_LABELS } from "~/membership/census/rules";
import type { MemberColumn } from "~/membership/census/rules";
import type { Joining, Person } from "./people";
import { PERSON_LABELS, personColumns } from "./people";
import { GenderField, SelectField } from "./select-fields";

const INPUT_TYPES: Partial<Record<MemberColumn, "date" | "email" | "tel">> = {
  date_of_birth: "date",
  date_of_joining: "date",
  email: "email",
  mobile: "tel",
};

/**
 * One person's fields of a family form (`peopleSchema`), bound to Conform: the employee's under
 * `selfLegend`, a dependant's marked optional, a dependant's name labelled with who they are.
 */
export function PeopleFieldset({
  person,
  meta,
  joining,
  selfLegend = PERSON_LABELS.self,
}: {
  person: Person;
  meta: FieldMetadata<Record<string, string | undefined> | undefined>;
  joining: Joining;
  selfLegend?: string;
}) {
  const fields = meta.getFieldset();
  return (
    <fieldset className="fieldset">
      <legend>{person === "self" ? selfLegend : `${PERSON_LABELS[person]} (optional)`}</legend>
      {personColumns(person, joining).map((column) => {
        const field = fields[column]!;
        const label =
          person === "self" || column !== "full_name" ? COLUMN_LABELS[column] : `${PERSON_LABELS[person]}’s full name`;
        if (column === "gender") return <GenderField key={column} meta={field} label={label} />;
        if (column === "relationship")
          return (
            <SelectField key={column} meta={field} label={label}>
              <option value="">Choose</option>
              {(["son", "daughter"] as const).map((r) => (
                <option key={r} value={r}>
                  {RELATIONSHIP_LABELS[r]}
                </option>
              ))}
            </SelectField>
          );
        return (
          <TextField
            key={column}
            meta={field}
            label={label}
            type={INPUT_TYPES[column] ?? "text"}
            maxLength={200}
            autoComplete="off"
          />
        );
      })}
    </fieldset>
  );
}
