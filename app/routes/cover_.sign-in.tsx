import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { sendCode } from "~/upstream/global.server";
import { ApiError } from "~/upstream/http.server";
import { browserValidation, ErrorSummary, SubmitButton } from "~/components/form";
import { MobileNumberField } from "~/components/one-time-code";
import { PATHS } from "~/routing/paths";
import { seoMeta } from "~/content/seo";
import { seeOther } from "~/utils/see-other";
import { commitSession, getSession } from "~/session/session.server";
import { deviceForNewCode } from "~/session/device.server";
import { mobileNumber } from "~/validation/fields";
import { parseSubmission } from "~/validation/submission.server";

const schema = z.object({ mobile: mobileNumber }).strict();

export const handle = { hydrate: true };

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: "Your health cover: sign in",
      description:
        "Employees covered through Kavach: sign in with your mobile number to see your cover, e-cards and claims.",
      path: PATHS.cover.signIn,
    },
    matches,
  );

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSession(request);
  if (session.get("employee")) throw redirect(PATHS.cover.home);
  return { mobile: session.get("employeeMobileNo") ?? "" };
}

/** The employee's number gets the usual one-time code (docs/product.md, Claims). */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseSubmission(await request.formData(), schema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const allowance = await context.spendIpAllowance("codeRequest");
  if (!allowance.ok) return data(submission.reply({ formErrors: [allowance.message] }), { status: 429 });
  const session = await getSession(request);
  const deviceId = await deviceForNewCode(request, session);
  try {
    const sent = await sendCode(submission.value.mobile, context.clientIp, deviceId);
    session.set("resendAt", Date.now() + (sent.resend_after_s ?? 30) * 1000);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data(submission.reply({ formErrors: [error.message] }), { status: error.isOutage ? 503 : 400 });
  }
  session.set("employeeMobileNo", submission.value.mobile);
  return seeOther(PATHS.cover.verify, { "Set-Cookie": await commitSession(session) });
}

export default function CoverSignIn() {
  const { mobile } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({ lastResult, defaultValue: { mobile }, ...browserValidation(schema) });
  return (
    <div className="container container--narrow cover">
      <p className="muted small">For employees</p>
      <h1>Your health cover</h1>
      <p>
        If your employer covers you through Kavach, sign in with the mobile number your HR team gave for you: see your
        family’s cover and what is left of it, download your e-cards, find a network hospital and make a claim.
      </p>
      <Form method="post" {...getFormProps(form)} noValidate>
        <ErrorSummary form={form} />
        <MobileNumberField meta={fields.mobile} label="Your mobile number" hint="We text a one-time code to it." />
        <SubmitButton pendingLabel="Sending code…" className="button button--block">
          Send code
        </SubmitButton>
      </Form>
      <p className="small muted">
        Looking for a hospital? <a href={PATHS.hospitals}>Search the network</a> without signing in. Buying cover for
        your company? <a href={PATHS.checkout.verify}>Start here</a>.
      </p>
    </div>
  );
}
