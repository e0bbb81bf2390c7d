import type { FieldMetadata } from "@conform-to/react";
import { getInputProps } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
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
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function FieldErrors({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return <div id={id} hidden />;
  return (
    <p className="field__error" id={id} role="alert">
      {errors[0]}
    </p>
  );
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

/** A submit button that says what it is doing while the form is on its way (script only). */
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
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" &&
    (name === undefined || navigation.formData?.get(name) === value) &&
    (formAction === undefined || navigation.formAction === formAction);
  return (
    <button type="submit" className={className} name={name} value={value} formAction={formAction} aria-disabled={pending || undefined}>
      {pending ? pendingLabel : children}
    </button>
  );
}
