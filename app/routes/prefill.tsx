import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PREFILL_PARAMS, PREFILL_TARGETS, linkedDetails, startOverWithPrefill } from "~/checkout/entry-query.server";
import { PATHS } from "~/routing/paths";
import { seoMeta } from "~/content/seo";
import { getSession } from "~/session/session.server";

/**
 * A prefill link followed by a signed-in admin (docs/product.md, Query handling and Security rules):
 * the GET only asks; starting over with the link's details, which signs the admin out, takes a
 * POST from this page. A visitor who is not signed in never sees it: the entry page applies the link.
 */
export const meta: MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: "Start over with this link?",
      description: "You are signed in. Start a new checkout with the details in the link?",
      path: PATHS.prefill,
    },
    matches,
  );

export const headers = () => ({ "Cache-Control": "no-store" });

function linkOf(params: URLSearchParams) {
  const to = params.get("to") ?? PATHS.home;
  const carried = new URLSearchParams();
  for (const name of PREFILL_PARAMS) for (const value of params.getAll(name)) carried.append(name, value);
  return { to: PREFILL_TARGETS.includes(to) ? to : PATHS.home, carried };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { to, carried } = linkOf(new URL(request.url).searchParams);
  // Not signed in: nothing to lose, so the entry page applies the link as usual.
  if (!(await getSession(request)).get("token")) throw redirect(`${to}?${carried}`);
  const { values } = linkedDetails(carried);
  return { to, fields: [...carried].map(([name, value]) => ({ name, value })), details: values };
}

export async function action({ request }: ActionFunctionArgs) {
  const { to, carried } = linkOf(new URLSearchParams(await request.text()));
  const mediascopy = carried.get("utm_campaign") === "mediascopy";
  return startOverWithPrefill(request, carried, to, mediascopy);
}

const LABELS: Record<string, string> = {
  mobile: "Mobile number",
  gstin: "GSTIN",
  name: "Name",
  email: "Email",
  totalEmployees: "Employees",
};

export default function Prefill() {
  const { to, fields, details } = useLoaderData<typeof loader>();
  const shown = Object.entries(details);
  return (
    <div className="container outcome">
      <section className="card outcome__card">
        <h1>Start over with this link?</h1>
        <p>
          You are signed in and have a checkout in progress. The link you followed starts a new checkout
          {shown.length ? " with these details" : ""}, and signs you out first.
        </p>
        {shown.length ? (
          <dl className="small">
            {shown.map(([key, value]) => (
              <div key={key}>
                <dt>{LABELS[key] ?? key}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <form method="post">
          <input type="hidden" name="to" value={to} />
          {fields.map((field, i) => (
            <input key={i} type="hidden" name={field.name} value={field.value} />
          ))}
          <button type="submit" className="button button--accent">
            Start over
          </button>
        </form>
        <p>
          <a href={PATHS.home}>Keep my checkout</a>
        </p>
      </section>
    </div>
  );
}
