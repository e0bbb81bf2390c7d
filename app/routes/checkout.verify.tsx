import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { handleEntryQuery, prefillOf } from "~/checkout/entry-query.server";
import { CheckoutShell } from "~/components/checkout-shell";
import { browserValidation, ErrorSummary, SubmitButton } from "~/components/form";
import { MobileNumberField } from "~/components/one-time-code";
import type { HydrationHandle } from "~/rendering/hydration";
import { PATHS } from "~/routing/paths";
import { seoMeta } from "~/content/seo";
import { seeOther } from "~/utils/see-other";
import { commitSession, getSession } from "~/session/session.server";
import { requestAdminCode } from "~/session/admin-code.server";
import { safeReturnHost } from "~/utils/safe-redirect";
import { purchaseLinkFor } from "~/checkout/purchase-href.server";
import { mobileNumber } from "~/validation/fields";
import { parseSubmission } from "~/validation/submission.server";

/**
 * The first page of the purchase is served plain, usable as soon as its HTML is in, and fetches the
 * client once loaded; the code page after it hydrates from the cache (decision 0053).
 */
export const handle: HydrationHandle = { hydrate: "next" };

const schema = z.object({ mobile: mobileNumber, from: z.string().max(255).optional() }).strict();

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: "Verify your mobile number",
      description: "Start buying group health benefits for your team: verify your mobile number with a one-time code.",
      path: PATHS.checkout.verify,
    },
    matches,
  );

export async function loader({ request }: LoaderFunctionArgs) {
  const entry = await handleEntryQuery(request, { requireUtmSource: false });
  if (entry instanceof Response) return entry;
  const session = await getSession(request);
  // Every purchase button leads here: a signed-in admin goes on to where they are (docs/product.md, Users and roles).
  const token = session.get("token");
  if (token) return redirect((await purchaseLinkFor(token)).href, { headers: entry ?? undefined });
  const prefill = prefillOf(session);
  const from = safeReturnHost(new URL(request.url).searchParams.get("from"));
  return data(
    {
      mobile: session.get("mobileNo") ?? prefill.values.mobile ?? "",
      prefillError: prefill.errors.mobile ?? null,
      from,
    },
    { headers: entry ?? undefined },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseSubmission(formData, schema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { mobile, from } = submission.value;
  const sent = await requestAdminCode(request, context, mobile);
  if (!sent.ok) return data(submission.reply({ formErrors: [sent.message] }), { status: sent.status });
  const { session } = sent;
  // The purchase's own start: a sign-in begun earlier in this browser no longer decides where the code leads.
  session.unset("afterSignIn");
  const returnHost = safeReturnHost(from);
  if (returnHost) session.set("from", returnHost);
  return seeOther(PATHS.checkout.verifyOtp, { "Set-Cookie": await commitSession(session) });
}

export default function VerifyPhone() {
  const { mobile, prefillError, from } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { mobile },
    ...browserValidation(schema),
  });
  return (
    <CheckoutShell step="verify" reached="verify">
      <h1>Let’s get your team covered</h1>
      <p className="muted">We’ll send a one-time code to your mobile number to keep your company’s purchase secure.</p>
      {prefillError ? <p className="notice notice--warning">{prefillError}</p> : null}
      <Form method="post" {...getFormProps(form)} noValidate>
        <ErrorSummary form={form} />
        <MobileNumberField
          meta={fields.mobile}
          hint="Indian mobile numbers only. You can paste it with +91 or spaces."
        />
        {from ? <input type="hidden" name="from" value={from} /> : null}
        <SubmitButton pendingLabel="Sending code…" className="button button--block">
          Send code
        </SubmitButton>
      </Form>
      <p className="small muted" style={{ marginTop: "1rem" }}>
        By continuing you agree to our <a href="/terms-of-use">Terms &amp; Conditions</a>.
      </p>
    </CheckoutShell>
  );
}
