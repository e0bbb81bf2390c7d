import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { prefillOf } from "~/checkout/entry-query.server";
import { requireCheckoutStep } from "~/checkout/step-guard.server";
import { refusal, stepAction } from "~/checkout/step-action.server";
import { firstUnfinishedStep, nextPath } from "~/checkout/steps";
import { CheckoutShell } from "~/components/checkout-shell";
import { OutsideRange } from "~/components/outside-range";
import { browserValidation, ErrorSummary, FieldErrors, SubmitButton, TextField } from "~/components/form";
import { EMPLOYEES_MAX, EMPLOYEES_MIN, MESSAGES } from "~/config/constants";
import { PATHS } from "~/routing/paths";
import { seoMeta } from "~/content/seo";
import { pushProfile, trackEvent } from "~/analytics/track.server";
import { seeOther } from "~/utils/see-other";
import { email, personName, totalEmployees } from "~/validation/fields";

/** The buyer declares they may buy for the company (docs/product.md, One membership per company). */
const AUTHORITY_MSG = "Confirm that you are authorised to buy cover for this company.";
const authorised = z.literal("on", { errorMap: () => ({ message: AUTHORITY_MSG }) });
const schema = z.object({ authorised, name: personName, email, totalEmployees }).strict();

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: "Company details",
      description: "Tell us who is buying and how many people work at your company.",
      path: PATHS.checkout.companyDetails,
    },
    matches,
  );

export async function loader({ request }: LoaderFunctionArgs) {
  const { session, cart, headers } = await requireCheckoutStep(request, "details");
  const prefill = prefillOf(session);
  const defaults = cart.admin
    ? {
        name: cart.admin.name,
        email: cart.admin.email,
        totalEmployees: cart.admin.total_employees?.toString() ?? "",
        // Saved details were declared with them.
        authorised: "on",
      }
    : {
        name: prefill.values.name ?? "",
        email: prefill.values.email ?? "",
        totalEmployees: prefill.values.totalEmployees ?? "",
      };
  const prefillErrors = cart.admin
    ? []
    : [prefill.errors.name, prefill.errors.email, prefill.errors.totalEmployees].filter(Boolean);
  return data({ cart, reached: firstUnfinishedStep(cart), defaults, prefillErrors }, { headers });
}

export async function action({ request }: ActionFunctionArgs) {
  return stepAction(
    request,
    { step: "details", schema },
    async ({ value: { name, email, totalEmployees }, session, save }) => {
      const saved = await save({
        type: "admin",
        item: { name, email, total_employees: totalEmployees ?? null, authorised: true },
      });
      if (!saved.ok) return refusal(saved.error);
      trackEvent(request, session, "purchase_company_details_proceed", { total_employees: totalEmployees ?? 0 });
      const mobile = session.get("mobileNo");
      if (mobile) pushProfile(mobile, { Name: name, Email: email, Phone: `+91${mobile}` });
      return seeOther(nextPath("details"));
    },
  );
}

export default function CompanyDetails() {
  const { cart, reached, defaults, prefillErrors } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: defaults,
    ...browserValidation(schema),
  });
  return (
    <CheckoutShell step="details" reached={reached} cart={cart}>
      <h1>About you and your team</h1>
      {cart.company ? (
        <p className="muted">
          Buying for <strong>{cart.company.company_name}</strong> (
          {cart.company.is_sez ? "SEZ unit" : cart.company.state_name}).{" "}
          <Link to={PATHS.checkout.gstDetails}>Change</Link>
        </p>
      ) : null}
      {prefillErrors.map((message) => (
        <p key={message} className="notice notice--warning">
          {message}
        </p>
      ))}
      <Form method="post" {...getFormProps(form)} noValidate>
        <ErrorSummary form={form} />
        {/* The declaration comes first: a message a field shows when it is left (or the headcount's
            range notice) appears below it, so the box never moves under a pointer on its way to it. */}
        <div className="field">
          <label className="checkbox">
            <input
              {...getInputProps(fields.authorised, { type: "checkbox", value: "on" })}
              key={fields.authorised.key}
            />
            <span>
              I am authorised to buy this cover for {cart.company?.company_name ?? "the company"}. We tell the company’s
              registered email of the purchase.
            </span>
          </label>
          <FieldErrors id={fields.authorised.errorId} errors={fields.authorised.errors} />
        </div>
        <TextField meta={fields.name} label="Your full name" autoComplete="name" maxLength={80} />
        <TextField
          meta={fields.email}
          label="Work email"
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={254}
          hint="We send the policy documents and invoices here."
        />
        <TextField
          meta={fields.totalEmployees}
          label="Total employees (optional)"
          type="number"
          inputMode="numeric"
          min={EMPLOYEES_MIN}
          max={EMPLOYEES_MAX}
          hint={`Between ${EMPLOYEES_MIN} and ${EMPLOYEES_MAX.toLocaleString("en-IN")}. You’ll add each person’s age band later.`}
        />
        {fields.totalEmployees.errors?.includes(MESSAGES.employeesRange) ? (
          <OutsideRange headcount={Number(fields.totalEmployees.value) || null} />
        ) : null}
        <SubmitButton pendingLabel="Saving…" className="button button--block">
          Continue to plans
        </SubmitButton>
      </Form>
    </CheckoutShell>
  );
}

export { StepErrorBoundary as ErrorBoundary } from "~/components/step-error";
