import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { startEmployeeSession } from "~/cover/session.server";
import { employeeSignIn } from "~/upstream/claims.server";
import { ApiError } from "~/upstream/http.server";
import { browserValidation, ErrorSummary, SubmitButton } from "~/components/form";
import { CodeSentTo, OneTimeCodeField } from "~/components/one-time-code";
import { PATHS } from "~/routing/paths";
import { seoMeta } from "~/content/seo";
import { seeOther } from "~/utils/see-other";
import { getSession } from "~/session/session.server";
import { rememberDevice } from "~/session/device.server";
import { otpCode } from "~/validation/fields";
import { parseSubmission } from "~/validation/submission.server";

const schema = z.object({ code: otpCode }).strict();

export const handle = { hydrate: true };

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: "Your health cover: enter your code",
      description: "Enter the one-time code we sent to your mobile number.",
      path: PATHS.cover.verify,
    },
    matches,
  );

async function pendingNumber(request: Request): Promise<string> {
  const session = await getSession(request);
  if (session.get("employee")) throw redirect(PATHS.cover.home);
  const mobile = session.get("employeeMobileNo");
  if (!mobile) throw redirect(PATHS.cover.signIn);
  return mobile;
}

export async function loader({ request }: LoaderFunctionArgs) {
  return { mobile: await pendingNumber(request) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const mobile = await pendingNumber(request);
  const submission = parseSubmission(await request.formData(), schema);
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["code"] }), { status: 400 });
  const allowance = await context.spendIpAllowance("codeVerification");
  if (!allowance.ok)
    return data(submission.reply({ formErrors: [allowance.message], hideFields: ["code"] }), { status: 429 });
  // Checked under the device id the code was asked under: codes belong to whoever asked for them.
  const deviceId = (await getSession(request)).get("deviceId");
  let token: string;
  try {
    token = (await employeeSignIn(mobile, submission.value.code, context.clientIp, deviceId)).token;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data(submission.reply({ formErrors: [error.message], hideFields: ["code"] }), {
      status: error.isOutage ? 503 : 400,
    });
  }
  const headers = new Headers({ "Set-Cookie": await startEmployeeSession(request, token) });
  if (deviceId !== undefined) headers.append("Set-Cookie", await rememberDevice(deviceId));
  return seeOther(PATHS.cover.home, headers);
}

export default function CoverVerify() {
  const { mobile } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({ lastResult, ...browserValidation(schema) });
  return (
    <div className="container container--narrow cover">
      <h1>Enter your code</h1>
      <CodeSentTo mobile={mobile} changeNumber={<Link to={PATHS.cover.signIn}>Change number</Link>} />
      <Form method="post" {...getFormProps(form)} noValidate>
        <ErrorSummary form={form} />
        <OneTimeCodeField meta={fields.code} />
        <SubmitButton pendingLabel="Checking…" className="button button--block">
          Sign in
        </SubmitButton>
      </Form>
    </div>
  );
}
