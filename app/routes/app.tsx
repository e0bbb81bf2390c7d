import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { sendAppLink } from "~/upstream/global.server";
import { ApiError } from "~/upstream/http.server";
import { FormErrors, SubmitButton, TextField } from "~/components/form";
import { LazyImage } from "~/components/lazy-image";
import { FeatureGrid, PageHero, Section } from "~/components/marketing";
import { inviteConstraint, parseInvite } from "~/content/app-invite.server";
import { APP_PAGE, APP_SEO } from "~/content/mobile-app";
import { EXTERNAL } from "~/content/site";
import { seoMeta } from "~/content/seo";

export async function loader() {
  return { seo: APP_SEO, page: APP_PAGE, constraint: inviteConstraint };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? seoMeta(data.seo, matches) : []);

/** The app invite (GET /applink; docs/product.md, Public pages): a validated number gets one SMS with the download links. */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseInvite(await request.formData());
  // The reply itself is the action's data (with who the link went to): the page renders it after the post.
  if (submission.status !== "success") return data({ ...submission.reply(), sentTo: null }, { status: 400 });
  // An SMS costs money: capped per client IP and per number, in the app whatever the upstream does
  // (docs/product.md, Security rules).
  const allowance = await context.spendIpAllowance("appLink");
  const numberAllowance = allowance.ok
    ? await context.spendNumberAllowance("appLink", submission.value.mobile)
    : allowance;
  if (!numberAllowance.ok)
    return data({ ...submission.reply({ formErrors: [numberAllowance.message] }), sentTo: null }, { status: 429 });
  try {
    await sendAppLink(submission.value.mobile);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data(
      { ...submission.reply({ formErrors: [error.message] }), sentTo: null },
      { status: error.isOutage ? 503 : 400 },
    );
  }
  const m = submission.value.mobile;
  return data({ ...submission.reply({ resetForm: true }), sentTo: `+91 ${m.slice(0, 5)} ${m.slice(5)}` });
}

export default function AppPage() {
  const { page, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({ lastResult: actionData, constraint });
  return (
    <>
      <PageHero eyebrow="Kavach app" title={page.headline} intro={page.intro} icon="phone">
        <div className="card invite">
          <h2 className="h3">{page.formTitle}</h2>
          {actionData?.sentTo ? (
            <p className="notice notice--success" role="status">
              Sent! The download link is on its way to {actionData.sentTo}. It can take a minute to arrive.
            </p>
          ) : null}
          <Form method="post" {...getFormProps(form)} noValidate>
            <FormErrors id={form.errorId} errors={form.errors} />
            <TextField
              meta={fields.mobile}
              label="Mobile number"
              type="tel"
              prefix="+91"
              inputMode="tel"
              autoComplete="tel-national"
              hint={page.formHint}
            />
            <SubmitButton pendingLabel="Sending…">Send me the link</SubmitButton>
          </Form>
          <p className="small muted store-links">
            Or download directly: <a href={EXTERNAL.appStores.android}>Google Play</a> ·{" "}
            <a href={EXTERNAL.appStores.ios}>App Store</a>
          </p>
        </div>
      </PageHero>
      <Section title="Everything in one place">
        <FeatureGrid items={page.features} />
      </Section>
      <Section tone="tint" title={page.screenshots.title} intro={page.screenshots.intro}>
        <ul className="grid app-shots">
          {page.screenshots.items.map((shot) => (
            <li key={shot.src}>
              <figure>
                <LazyImage
                  src={shot.src}
                  alt={shot.alt}
                  width={page.screenshots.width}
                  height={page.screenshots.height}
                  className="app-shots__image"
                />
                <figcaption>{shot.caption}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
