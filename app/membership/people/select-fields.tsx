import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { FieldErrors } from "~/components/form";
import { GENDERS } from "~/membership/census/rules";

/** A labelled select bound to Conform, laid out as TextField lays out an input: hint, then its errors. */
export function SelectField({
  meta,
  label,
  hint,
  children,
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <select className="input" {...selectProps(meta)} key={meta.key}>
        {children}
      </select>
      {hint ? <p className="field__hint">{hint}</p> : null}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** A person's gender, as the census records it. */
export function GenderField({
  meta,
  label,
  choose = "Choose",
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  choose?: string;
}) {
  return (
    <SelectField meta={meta} label={label}>
      <option value="">{choose}</option>
      {GENDERS.map((g) => (
        <option key={g} value={g}>
          {g[0]!.toUpperCase() + g.slice(1)}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * A select bound to its field, as Conform's getSelectProps would bind it. Written here because only
 * these forms use a select: Conform's helper would land in the script every checkout step shares
 * (docs/performance.md, the checkout's script budget).
 */
function selectProps(meta: FieldMetadata<string | undefined>) {
  return {
    id: meta.id,
    name: meta.name,
    form: meta.formId,
    required: meta.required || undefined,
    defaultValue: typeof meta.initialValue === "string" ? meta.initialValue : undefined,
    "aria-invalid": meta.errors ? true : undefined,
    "aria-describedby": meta.errors ? meta.errorId : undefined,
  };
}
