import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { getInputProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { useNavigation } from "@remix-run/react";
import type { InputHTMLAttributes, MouseEvent, ReactNode } from "react";
import { useEffect, useRef } from "react";
import type { ZodTypeAny } from "zod";

type InputType = "text" | "email" | "tel" | "number" | "search" | "date";

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

/** Where a refused field's summary link leads when its input is not Conform's `${formId}-${name}`. */
export type SummaryTargets = Record<string, { id: string; label?: string }>;

/** A refusal as its summary says it: with whom or what it is about, when its target names it ("Spouse: …"). */
export function summaryLine(message: string, target?: SummaryTargets[string]): string {
  return target?.label ? `${target.label}: ${message}` : message;
}

/**
 * The error summary at the top of a step's form (docs/product.md, Accessibility): after a refused
 * submit it says "There is a problem", lists every message (a field's links to its input) and takes
 * the focus: without script by `autofocus` in the page the server sends, with script each time the
 * browser's check or the server refuses a submit. It shows what the last refused submit refused and
 * changes only at the next one (a field checked as it is left or typed in reports no status), so
 * nothing new appears above the button being clicked; a refused field once corrected leaves it. A submit that leaves the browser has
 * passed the last check, so what an earlier one refused goes the moment it is sent: the summary never
 * outlives the check it reports (a corrected count saved, the new total shown, no old message above).
 */
// Conform's FormMetadata is generic in the schema: any step's form fits.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function ErrorSummary({ form, targets = {} }: { form: FormMetadata<any, string[]>; targets?: SummaryTargets }) {
  const box = useRef<HTMLDivElement>(null);
  // Conform replaces its error record at each report: a new one with "error" is a new refusal.
  const { status, allErrors } = form;
  const refused = useRef(allErrors);
  const navigation = useNavigation();
  if (status === "error") refused.current = allErrors;
  else if (navigation.state === "submitting") refused.current = {};
  useEffect(() => {
    if (status === "error") box.current?.focus();
  }, [status, allErrors]);
  // A submit refused again with the very same errors changes none of Conform's state, so nothing above
  // runs: the form's own submit event says it. Conform refuses it in React's handler, after this listener
  // (the form is reached before the root), so it is read once the event is done: held back (Remix holds
  // back a sent one too) with a field still marked invalid, which a submit that passed the check has none of.
  useEffect(() => {
    const element = document.getElementById(form.id);
    const onSubmit = (event: Event) =>
      setTimeout(() => {
        if (event.defaultPrevented && element?.querySelector('[aria-invalid="true"]')) box.current?.focus();
      });
    element?.addEventListener("submit", onSubmit);
    return () => element?.removeEventListener("submit", onSubmit);
  }, [form.id]);
  // A field checked again since (corrected as it is typed in) leaves the summary with its message.
  const items = Object.entries(refused.current)
    .filter(([name]) => name === "" || allErrors[name]?.length)
    .flatMap(([name, messages = []]) =>
      messages.map((message) => {
        const target = targets[name];
        const text = summaryLine(message, target);
        return name ? <a href={`#${target?.id ?? `${form.id}-${name}`}`}>{text}</a> : text;
      }),
    );
  if (!items.length) return <div id={form.errorId} hidden />;
  return (
    <div
      className="error-summary"
      id={form.errorId}
      ref={box}
      tabIndex={-1}
      aria-labelledby={`${form.id}-summary`}
      // GOV.UK's pattern: the page that answers a refused post opens on the summary.
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus
    >
      <h2 className="error-summary__title" id={`${form.id}-summary`}>
        There is a problem
      </h2>
      <ul>
        {items.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A submit button that says what it is doing while its form is on its way and until the page it
 * leads to is shown, and sends it once: a second click meanwhile does nothing (never two orders). On hydrated pages the state comes from
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
  disabled,
}: {
  children: ReactNode;
  pendingLabel: string;
  name?: string;
  value?: string;
  className?: string;
  formAction?: string;
  pending?: boolean;
  /** Not usable yet (a wait that is still running): said by the page beside it. */
  disabled?: boolean;
}) {
  const navigation = useNavigation();
  // A post is under way from the press until the page it leads to is shown: while it is sent, and
  // while the next page loads (Remix keeps the form data through the redirect). One form posts at
  // a time; of two buttons in a form, the one that was clicked is busy.
  const posting = navigation.state !== "idle" && navigation.formData !== undefined;
  const sending = posting && (name === undefined || navigation.formData?.get(name) === value);
  const busy = pending ?? sending;
  const anyBusy = busy || (pending === undefined && posting);
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
      disabled={disabled || undefined}
      onClick={once}
    >
      {busy ? pendingLabel : children}
    </button>
  );
}
