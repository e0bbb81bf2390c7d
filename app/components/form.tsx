import type { FieldMetadata } from "@conform-to/react";
import { getInputProps } from "@conform-to/react";
import { useMatches } from "@remix-run/react";
import type { InputHTMLAttributes, ReactNode } from "react";

type InputType = "text" | "email" | "tel" | "number" | "search";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "defaultValue"> {
  meta: FieldMetadata<unknown>;
  label: string;
  type?: InputType;
  hint?: ReactNode;
  prefix?: string;
}

/** A labelled input bound to Conform: its errors sit beside it and the typed value survives a 400. */
export function TextField({ meta, label, type = "text", hint, prefix, className, ...rest }: TextFieldProps) {
  const input = (
    <input
      {...getInputProps(meta, { type, ariaDescribedBy: hint ? meta.descriptionId : undefined })}
      key={meta.key}
      className={`input ${className ?? ""}`}
      {...rest}
    />
  );
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      {prefix ? (
        <div className="input-group">
          <span className="input-group__addon">{prefix}</span>
          {input}
        </div>
      ) : (
        input
      )}
      {hint ? (
        <p className="field__hint" id={meta.descriptionId}>
          {hint}
        </p>
      ) : null}
      <FieldErrors id={meta.errorId} name={meta.name} errors={meta.errors} />
    </div>
  );
}

/** A field's message; always in the page, so inline validation (enhance/inline-validation.ts) can fill it. */
export function FieldErrors({ id, name, errors }: { id: string; name: string; errors?: string[] }) {
  return (
    <p className="field__error" id={id} data-error-for={name} role="alert" hidden={!errors?.length}>
      {errors?.[0]}
    </p>
  );
}

/**
 * Spread on a route's form to have its fields checked as they are left (enhance/inline-validation.ts):
 * the script posts the form to this route's action as a Conform "validate" intent.
 */
export function useInlineValidation() {
  const matches = useMatches();
  return { "data-validate": matches[matches.length - 1].id };
}

/** Errors about the whole form: an upstream failure or the server's refusal. */
export function FormErrors({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return <div id={id} hidden />;
  return (
    <div className="form-error" id={id} role="alert">
      {errors.map((e) => (
        <p key={e} style={{ margin: 0 }}>
          {e}
        </p>
      ))}
    </div>
  );
}

/** A submit button that says what it is doing while the form is on its way (script only: enhance/pending.ts). */
export function SubmitButton({
  children,
  pendingLabel,
  name,
  value,
  className = "button",
  formAction,
}: {
  children: ReactNode;
  pendingLabel: string;
  name?: string;
  value?: string;
  className?: string;
  formAction?: string;
}) {
  return (
    <button type="submit" className={className} name={name} value={value} formAction={formAction} data-pending-label={pendingLabel}>
      {children}
    </button>
  );
}
