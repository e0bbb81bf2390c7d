import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { getInputProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { useNavigation } from "@remix-run/react";
import type { InputHTMLAttributes, MouseEvent, ReactNode } from "react";
import { useEffect, useRef, useState } from "react";
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

/** The name of the button Conform submits with to check one field (its INTENT, not re-exported by @conform-to/react). */
const CONFORM_INTENT = "__intent__";

/** Where a refused field's summary link leads when its input is not Conform's `${formId}-${name}`. */
export type SummaryTargets = Record<string, { id: string; label?: string }>;

interface SummaryItem {
  message: string;
  href?: string;
}

function summaryItems(formId: string, errors: Record<string, string[] | undefined>, targets: SummaryTargets) {
  return Object.entries(errors).flatMap(([name, messages]): SummaryItem[] => {
    const message = messages?.[0];
    if (!message) return [];
    if (name === "") return (messages ?? []).map((m) => ({ message: m }));
    const target = targets[name];
    return [
      {
        message: target?.label ? `${target.label}: ${message}` : message,
        href: `#${target?.id ?? `${formId}-${name}`}`,
      },
    ];
  });
}

/**
 * The error summary at the top of a step's form (docs/product.md, Accessibility): after a refused
 * submit it says "There is a problem", lists every message (a field's links to its input) and takes
 * the focus: without script by `autofocus` in the page the server sends, with script after each
 * submit the browser's check or the server refused. It shows what the last submit refused and
 * changes only at the next one, so nothing appears or vanishes above the button being clicked.
 */
// Conform's FormMetadata is generic in the schema: any step's form fits.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function ErrorSummary({ form, targets = {} }: { form: FormMetadata<any, string[]>; targets?: SummaryTargets }) {
  const errors = form.allErrors;
  const errorsKey = JSON.stringify(errors);
  const [shown, setShown] = useState(() => ({ items: summaryItems(form.id, errors, targets), tick: 0 }));
  const submitted = useRef(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Conform checks a field as it is left by a submit with its intent button: not the admin's submit.
    const onSubmit = (event: SubmitEvent) => {
      const submitter = event.submitter as HTMLButtonElement | null;
      if ((event.target as HTMLFormElement).id === form.id && submitter?.name !== CONFORM_INTENT)
        submitted.current = true;
    };
    document.addEventListener("submit", onSubmit, true);
    return () => document.removeEventListener("submit", onSubmit, true);
  }, [form.id]);
  useEffect(() => {
    if (!submitted.current) return;
    if (form.status === "error") {
      submitted.current = false;
      setShown(({ tick }) => ({ items: summaryItems(form.id, errors, targets), tick: tick + 1 }));
    } else if (errorsKey === "{}") {
      // Passed the browser's check: the post is on its way, what it refused before no longer holds.
      setShown((now) => (now.items.length ? { items: [], tick: now.tick } : now));
    }
    // errorsKey stands for errors; targets are derived from the loader's data, fixed for the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form.status, errorsKey]);
  useEffect(() => {
    if (shown.tick > 0) box.current?.focus();
  }, [shown.tick]);
  if (!shown.items.length) return <div id={form.errorId} ref={box} hidden />;
  return (
    <div
      className="error-summary"
      id={form.errorId}
      ref={box}
      tabIndex={-1}
      aria-labelledby={`${form.id}-summary-title`}
      // GOV.UK's pattern: the page that answers a refused post opens on the summary.
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus
    >
      <h2 className="error-summary__title" id={`${form.id}-summary-title`}>
        There is a problem
      </h2>
      <ul>
        {shown.items.map((item) => (
          <li key={`${item.href ?? ""}${item.message}`}>
            {item.href ? <a href={item.href}>{item.message}</a> : item.message}
          </li>
        ))}
      </ul>
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
