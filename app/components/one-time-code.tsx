import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { TextField } from "~/components/form";
import { OTP_LENGTH } from "~/config/constants";

/**
 * The mobile number and one-time code fields every sign-in shares (the purchase, an admin's return,
 * an employee's cover): docs/product.md, Mobile number and One-time code. The same input hints to the
 * phone's keyboard and autofill, so each sign-in reads and types alike.
 */
export function MobileNumberField({
  meta,
  label = "Mobile number",
  hint,
}: {
  meta: FieldMetadata<unknown>;
  label?: string;
  hint: ReactNode;
}) {
  return (
    <TextField
      meta={meta}
      label={label}
      type="tel"
      prefix="+91"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="98765 43210"
      hint={hint}
    />
  );
}

/** Where the code went, with the way back to change the number. */
export function CodeSentTo({ mobile, changeNumber }: { mobile: string; changeNumber: ReactNode }) {
  return (
    <p className="muted">
      We sent a {OTP_LENGTH}-digit code to{" "}
      <strong>
        +91 {mobile.slice(0, 5)} {mobile.slice(5)}
      </strong>
      . {changeNumber}
    </p>
  );
}

export function OneTimeCodeField({ meta }: { meta: FieldMetadata<unknown> }) {
  return (
    <TextField
      meta={meta}
      label="One-time code"
      inputMode="numeric"
      autoComplete="one-time-code"
      // The code is all its page asks for: the field has the focus on arrival (docs/product.md, Accessibility).
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus
      maxLength={OTP_LENGTH}
      className="input--code"
      hint="The code is valid for 10 minutes."
    />
  );
}
