import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { browserValidation, ErrorSummary, SubmitButton } from "~/components/form";
import { MobileNumberField } from "~/components/one-time-code";
import { PATHS } from "~/routing/paths";
import { seoMeta } from "~/content/seo";
import { seeOther } from "~/utils/see-other";
import { commitSession, getSession } from "~/session/session.server";
import { requestAdminCode } from "~/session/admin-code.server";
import { membershipReturnPath } from "~/utils/safe-redirect";
import { mobileNumber } from "~/validation/fields";
import { parseSubmission } from "~/validation/submission.server";

/**
 * Signing in again (docs/product.md, Signing in again): a returning admin's way back in, from the
 * header's "Sign in" or from a link to a membership page (an email's, a bookmark's). The same code
 * flow as the purchase's first step, but it says what it is for and lands on the membership (or the
 * membership page the link named), which sends an admin who has not paid on to their first unfinished step.
 */
const schema = z.object({ mobile: mobileNumber, next: z.string().max(200).optional() }).strict();

export const handle = { hydrate: true };

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: "Sign in",
      description: "Sign in to your company’s Kavach membership with a one-time code sent to your mobile number.",
      path: PATHS.signIn,
    },
    matches,
  );

export const headers = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

export async function loader({ request }: LoaderFunctionArgs) {
  const next = membershipReturnPath(new URL(request.url).searchParams.get("next"));
  const session = await getSession(request);
  // Already signed in: straight on to what the link asked for.
  if (session.get("token")) throw redirect(next ?? PATHS.membership);
  return { next, mobile: session.get("mobileNo") ?? "" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseSubmission(await request.formData(), schema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { mobile, next } = submission.value;
  const sent = await requestAdminCode(request, context, mobile);
  if (!sent.ok) return data(submission.reply({ formErrors: [sent.message] }), { status: sent.status });
  const { session } = sent;
  session.set("afterSignIn", membershipReturnPath(next) ?? PATHS.membership);
  return seeOther(PATHS.checkout.verifyOtp, { "Set-Cookie": await commitSession(session) });
}

export default function SignIn() {
  const { next, mobile } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({ lastResult, defaultValue: { mobile }, ...browserValidation(schema) });
  return (
    <div className="container checkout">
      <div className="checkout-single">
        <section className="card checkout-main">
          <h1>Sign in</h1>
          {next ? (
            <p className="notice" data-testid="sign-in-for-link">
              The page you opened is your company’s membership, so it needs you signed in. Sign in with the mobile
              number you bought with, and it opens.
            </p>
          ) : null}
          <p className="muted">
            For a company admin who has bought Kavach, or started to: enter the mobile number you verified when you
            bought, and we’ll text you a one-time code. Then you’ll see your membership.
          </p>
          <Form method="post" {...getFormProps(form)} noValidate>
            <ErrorSummary form={form} />
            <MobileNumberField
              meta={fields.mobile}
              hint="The number you bought with. You can paste it with +91 or spaces."
            />
            {next ? <input type="hidden" name="next" value={next} /> : null}
            <SubmitButton pendingLabel="Sending code…" className="button button--block">
              Send code
            </SubmitButton>
          </Form>
          <p className="small muted" style={{ marginTop: "1rem" }}>
            New to Kavach? <a href={PATHS.checkout.verify}>Get your team covered</a>. Someone else in your company
            bought it? Only the number that bought it can sign in: ask them.
          </p>
        </section>
      </div>
    </div>
  );
}
