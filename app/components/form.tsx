import type { FieldMetadata } from "@conform-to/react";
import { getInputProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { useNavigation } from "@remix-run/react";
import type { InputHTMLAttributes, MouseEvent, ReactNode } from "react";
import type { ZodTypeAny } from "zod";

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

/** A field's message, beside it. */
export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <p className="field__error" id={id} role="alert" hidden={!errors?.length}>
      {errors?.[0]}
    </p>
  );
}

/**
 * Spread into a step's useForm: on a hydrated page the browser checks each field with the very
 * schema the action parses with, when it is left and again as it is corrected, without a request
 * (docs/product.md, Checkout steps). The submit is still checked by the server, which alone knows
 * the rules that need the API (a GSTIN's registry entry).
 */
export function browserValidation<Schema extends ZodTypeAny>(schema: Schema) {
  return {
    onValidate: ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    constraint: getZodConstraint(schema),
  } as const;
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

/**
 * A submit button that says what it is doing while its form is on its way, and sends it once: a
 * second click meanwhile does nothing (never two orders). On hydrated pages the state comes from
 * Remix's navigation, or from the fetcher's when `pending` is given; on the public pages the page
 * script reads data-pending-label (enhance/pending.ts).
 */
export function SubmitButton({
  children,
  pendingLabel,
  name,
  value,
  className = "button",
  formAction,
  pending,
}: {
  children: ReactNode;
  pendingLabel: string;
  name?: string;
  value?: string;
  className?: string;
  formAction?: string;
  pending?: boolean;
}) {
  const navigation = useNavigation();
  // One form posts at a time; of two buttons in a form, the one that was clicked is busy.
  const sending = navigation.state === "submitting" && (name === undefined || navigation.formData?.get(name) === value);
  const busy = pending ?? sending;
  const anyBusy = busy || (pending === undefined && navigation.state === "submitting");
  const once = (event: MouseEvent<HTMLButtonElement>) => {
    if (anyBusy) event.preventDefault();
  };
  return (
    <button
      type="submit"
      className={className}
      name={name}
      value={value}
      formAction={formAction}
      data-pending-label={pendingLabel}
      aria-disabled={busy || undefined}
      onClick={once}
    >
      {busy ? pendingLabel : children}
    </button>
  );
}
