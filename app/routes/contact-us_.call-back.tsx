import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { requestCallback } from "~/upstream/global.server";
import { ApiError } from "~/upstream/http.server";
import { FormErrors, SubmitButton, TextField } from "~/components/form";
import { PageHero, Section } from "~/components/marketing";
import { EMPLOYEES_MAX, EMPLOYEES_MIN, MESSAGES } from "~/config/constants";
import { CALL_BACK_SEO } from "~/content/company";
import { seoMeta } from "~/content/seo";
import { email, mobileNumber, personName } from "~/validation/fields";
import { parseSubmission } from "~/validation/submission.server";
import { formatCount } from "~/utils/money";

/**
 * A way forward at the limits (docs/product.md): the online checkout takes 2 to 10,000 employees; a
 * smaller or larger team leaves its number here and the request reaches the sales team's mailbox
 * (the sandbox's email outbox). The headcount given in the checkout or the calculator comes along.
 */
const schema = z
  .object({
    name: personName,
    mobile: mobileNumber,
    email: email.optional(),
    company: z.string().trim().max(120, "Keep the company name under 120 characters.").optional(),
    headcount: z
      .number({ required_error: "Enter how many employees you have.", invalid_type_error: "Enter a whole number." })
      .int("Enter a whole number.")
      .min(1, "Enter how many employees you have.")
      .max(10_000_000, "Enter a whole number."),
    note: z.string().trim().max(1000, "Keep the note under 1,000 characters.").optional(),
  })
  .strict();

export const meta: MetaFunction = ({ matches }) => seoMeta(CALL_BACK_SEO, matches);

export async function loader({ request }: LoaderFunctionArgs) {
  const given = Number(new URL(request.url).searchParams.get("headcount"));
  return { headcount: Number.isInteger(given) && given > 0 ? given : null, constraint: getZodConstraint(schema) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseSubmission(await request.formData(), schema);
  if (submission.status !== "success") return data({ ...submission.reply(), sent: false }, { status: 400 });
  // A message to a person costs their time: capped per client IP like the app link (docs/product.md, Security rules).
  const allowance = await context.spendIpAllowance("appLink");
  if (!allowance.ok)
    return data({ ...submission.reply({ formErrors: [allowance.message] }), sent: false }, { status: 429 });
  const { name, mobile, email, company, headcount, note } = submission.value;
  try {
    await requestCallback({ name, mobile_no: mobile, email, company_name: company, headcount, note });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data(
      { ...submission.reply({ formErrors: [error.isOutage ? MESSAGES.serviceDown : error.message] }), sent: false },
      { status: error.isOutage ? 503 : 400 },
    );
  }
  return data({ ...submission.reply({ resetForm: true }), sent: true });
}

export default function CallBack() {
  const { headcount, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<z.input<typeof schema>>({
    lastResult,
    constraint,
    defaultValue: { headcount: headcount ?? undefined },
  });
  const size =
    headcount === null
      ? null
      : headcount < EMPLOYEES_MIN
        ? "a team of one"
        : headcount > EMPLOYEES_MAX
          ? `a team of ${formatCount(headcount)}`
          : null;
  return (
    <>
      <PageHero
        eyebrow="Talk to us"
        title="Ask us to call you"
        intro={`Buying online is for teams of ${EMPLOYEES_MIN} to ${formatCount(EMPLOYEES_MAX)} employees. For ${size ?? "a team outside that range"}, our sales team puts together a plan with you.`}
        icon="headset"
      />
      <Section title="Your details">
        <div className="card callback">
          {lastResult?.sent ? (
            <p className="notice notice--success" role="status">
              Thank you. Our sales team has your request and calls you within one working day.
            </p>
          ) : null}
          <Form method="post" {...getFormProps(form)} noValidate>
            <FormErrors id={form.errorId} errors={form.errors} />
            <TextField meta={fields.name} label="Your full name" autoComplete="name" />
            <TextField
              meta={fields.mobile}
              label="Mobile number"
              type="tel"
              prefix="+91"
              inputMode="tel"
              autoComplete="tel-national"
            />
            <TextField meta={fields.email} label="Work email (optional)" type="email" autoComplete="email" />
            <TextField meta={fields.company} label="Company (optional)" autoComplete="organization" />
            <TextField meta={fields.headcount} label="Number of employees" type="number" inputMode="numeric" />
            <TextField meta={fields.note} label="Anything we should know (optional)" />
            <SubmitButton pendingLabel="Sending…">Request a call back</SubmitButton>
          </Form>
        </div>
      </Section>
    </>
  );
}
