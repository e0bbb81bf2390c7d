import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { getCart } from "~/upstream/employer.server";
import { sendCode, setWhatsapp, verifyCode } from "~/upstream/global.server";
import { attempt } from "~/session/signed-in.server";
import { choiceToast, writeChoiceToCart } from "~/checkout/pending-quote.server";
import { firstUnfinishedStep, pathOf } from "~/checkout/steps";
import { CheckoutShell } from "~/components/checkout-shell";
import { browserValidation, ErrorSummary, FormErrors, SubmitButton, TextField } from "~/components/form";
import { ResendControl } from "~/components/resend-countdown";
import { OTP_LENGTH } from "~/config/constants";
import { PATHS } from "~/routing/paths";
import { seoMeta } from "~/content/seo";
import { seeOther } from "~/utils/see-other";
import { commitSession, getSession, startSignedInSession } from "~/session/session.server";
import { redirectWithToast } from "~/session/toast.server";
import { deviceForNewCode, rememberDevice } from "~/session/device.server";
import { otpCode } from "~/validation/fields";
import { parseSubmission } from "~/validation/submission.server";

const schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("verify"), code: otpCode, whatsapp: z.literal("on").optional() }).strict(),
  z.object({ intent: z.literal("resend") }).strict(),
]);

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: "Enter your one-time code",
      description: "Enter the one-time code we sent to your mobile number.",
      path: PATHS.checkout.verifyOtp,
    },
    matches,
  );

async function requirePendingNumber(request: Request) {
  const session = await getSession(request);
  if (session.get("token")) throw redirect(PATHS.checkout.gstDetails);
  const mobile = session.get("mobileNo");
  if (!mobile) throw redirect(PATHS.checkout.verify);
  return { session, mobile };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { session, mobile } = await requirePendingNumber(request);
  // Seconds left, counted here so the page's first render reads no clock (hydration-safe).
  return { mobile, wait: Math.max(0, Math.ceil(((session.get("resendAt") ?? 0) - Date.now()) / 1000)) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { session, mobile } = await requirePendingNumber(request);
  const formData = await request.formData();
  const submission = parseSubmission(formData, schema);
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["code"] }), { status: 400 });
  const allowance = await context.spendIpAllowance(
    submission.value.intent === "resend" ? "codeRequest" : "codeVerification",
  );
  if (!allowance.ok)
    return data(submission.reply({ formErrors: [allowance.message], hideFields: ["code"] }), { status: 429 });

  if (submission.value.intent === "resend") {
    // Asked again before the wait is over (a page left open): information, not an error.
    const wait = Math.ceil(((session.get("resendAt") ?? 0) - Date.now()) / 1000);
    if (wait > 0) {
      return redirectWithToast(PATHS.checkout.verifyOtp, {
        kind: "info",
        message: `You can ask for a new code in ${wait} seconds.`,
      });
    }
    const deviceId = await deviceForNewCode(request, session);
    const sent = await attempt(request, () => sendCode(mobile, context.clientIp, deviceId));
    if (!sent.ok)
      return data(submission.reply({ formErrors: [sent.error.message] }), { status: sent.error.isOutage ? 503 : 429 });
    session.set("resendAt", Date.now() + (sent.value.resend_after_s ?? 30) * 1000);
    return redirectWithToast(
      PATHS.checkout.verifyOtp,
      { kind: "success", message: "We sent you a new code." },
      { "Set-Cookie": await commitSession(session) },
    );
  }

  const { code, whatsapp } = submission.value;
  // Checked under the device id the code was asked under: codes belong to whoever asked for them.
  const deviceId = session.get("deviceId");
  const verified = await attempt(request, () => verifyCode(mobile, code, context.clientIp, deviceId));
  if (!verified.ok) {
    return data(submission.reply({ formErrors: [verified.error.message], hideFields: ["code"] }), {
      status: verified.error.isOutage ? 503 : 400,
    });
  }
  const { token, user } = verified.value;
  // The box only opts in: the API says nothing of a number's choice before sign-in, so an
  // unticked box must not switch off an opt-in made earlier. It can be switched off after sign-in.
  const optedIn = user?.whatsapp === 1 || whatsapp === "on";
  // Asked beside the cart below: neither needs the other (decision 0024).
  const optingIn = optedIn && user?.whatsapp !== 1 ? setWhatsapp(token, true).catch(() => undefined) : null;

  // A fresh session: nothing from before sign-in carries over except what the links gave us.
  const fresh = await startSignedInSession(token, mobile, optedIn, {
    prefill: session.get("prefill"),
    prefillErrors: session.get("prefillErrors"),
    parentLge: session.get("parentLge"),
    mediascopy: session.get("mediascopy"),
    from: session.get("from"),
    mid: session.get("mid"),
    identifier: session.get("identifier"),
    planId: session.get("planId"),
  });
  // "Buy this" on the public price calculator: its choice goes into the cart now (docs/product.md, Public pages).
  const pending = session.get("pendingQuote");
  const carried = pending ? await attempt(request, () => writeChoiceToCart(token, pending)) : null;
  const [cart] = await Promise.all([carried?.ok ? carried : attempt(request, () => getCart(token)), optingIn]);
  const next = cart.ok ? pathOf(firstUnfinishedStep(cart.value)) : PATHS.checkout.gstDetails;
  const headers = new Headers({ "Set-Cookie": await commitSession(fresh) });
  // This browser now keeps its own allowance for the number (docs/decisions/0016, Update).
  if (deviceId !== undefined) headers.append("Set-Cookie", await rememberDevice(deviceId));
  if (carried) return redirectWithToast(next, choiceToast(carried.ok ? null : carried.error.message), headers);
  return seeOther(next, headers);
}

export default function VerifyOtp() {
  const { mobile, wait } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  // "Send a new code" posts in place; its answer (a new wait, a toast) arrives by revalidation.
  const resend = useFetcher<typeof action>();
  const [form, fields] = useForm({
    lastResult,
    ...browserValidation(schema),
  });
  return (
    <CheckoutShell step="verify" reached="verify">
      <h1>Enter your code</h1>
      <p className="muted">
        We sent a {OTP_LENGTH}-digit code to{" "}
        <strong>
          +91 {mobile.slice(0, 5)} {mobile.slice(5)}
        </strong>
        . <Link to={PATHS.checkout.verify}>Change number</Link>
      </p>
      <Form method="post" {...getFormProps(form)} noValidate>
        <ErrorSummary form={form} />
        <TextField
          meta={fields.code}
          label="One-time code"
          inputMode="numeric"
          autoComplete="one-time-code"
          // The code is all this page asks for: the field has the focus on arrival (docs/product.md, Accessibility).
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          maxLength={OTP_LENGTH}
          className="input--code"
          hint="The code is valid for 10 minutes."
        />
        <label className="checkbox field">
          <input {...getInputProps(fields.whatsapp, { type: "checkbox" })} />
          <span>Send me policy updates on WhatsApp</span>
        </label>
        <SubmitButton name="intent" value="verify" pendingLabel="Checking…" className="button button--block">
          Verify and continue
        </SubmitButton>
      </Form>
      <resend.Form method="post" className="resend">
        <FormErrors errors={resend.data?.error?.[""] ?? undefined} />
        <ResendControl seconds={wait}>
          {(waiting) => (
            <SubmitButton
              name="intent"
              value="resend"
              pendingLabel="Sending…"
              className="link-button"
              pending={resend.state !== "idle"}
              disabled={waiting}
            >
              Send a new code
            </SubmitButton>
          )}
        </ResendControl>
      </resend.Form>
    </CheckoutShell>
  );
}
