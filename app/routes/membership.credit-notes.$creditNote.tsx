import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { creditNoteRequest } from "~/membership/documents/tax-documents.server";
import { NOT_FOUND_META, NotFound } from "~/components/not-found";
import { StepErrorBoundary } from "~/components/step-error";
import { RecipientAndLines, Supplier } from "~/membership/documents/tax-document";
import { seoMeta } from "~/content/seo";
import { PATHS } from "~/routing/paths";
import { creditNotePath, creditNotePdfPath } from "~/routing/membership-paths";
import { getCreditNote } from "~/upstream/tax-documents.server";
import { formatDate } from "~/utils/dates";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? seoMeta(
        {
          title: `Credit note ${data.creditNote.number}`,
          description: "A GST credit note for a change to your Kavach membership.",
          path: creditNotePath(data.creditNote.id),
        },
        matches,
      )
    : NOT_FOUND_META;

/** A removal's credit note as a page: the upstream's stored data, nothing recomputed here. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { value, headers } = await creditNoteRequest(request, params.creditNote, getCreditNote);
  return data({ creditNote: value }, { headers });
}

export default function CreditNotePage() {
  const { creditNote: cn } = useLoaderData<typeof loader>();
  return (
    <div className="container">
      <article className="card invoice" aria-labelledby="credit-note-title">
        <header className="invoice__head">
          <h1 id="credit-note-title">Credit note</h1>
          <span className="muted small">Original for recipient</span>
        </header>
        <div className="invoice__parties">
          <Supplier doc={cn} />
          <section>
            <h2>Credit note</h2>
            <dl className="info-list">
              <div>
                <dt>Number</dt>
                <dd>{cn.number}</dd>
              </div>
              <div>
                <dt>Date</dt>
                <dd>{formatDate(cn.date)}</dd>
              </div>
              <div>
                <dt>Original invoice</dt>
                <dd>
                  {cn.original_invoice.number} dated {formatDate(cn.original_invoice.date)}
                </dd>
              </div>
              <div>
                <dt>Place of supply</dt>
                <dd>
                  {cn.place_of_supply.state_name} ({cn.place_of_supply.state_code})
                </dd>
              </div>
              <div>
                <dt>Reverse charge</dt>
                <dd>{cn.reverse_charge ? "Yes" : "No"}</dd>
              </div>
              <div>
                <dt>Period credited</dt>
                <dd>
                  {formatDate(cn.billing_period.from)} to {formatDate(cn.billing_period.to)}
                </dd>
              </div>
              <div>
                <dt>Order</dt>
                <dd>{cn.order_id}</dd>
              </div>
            </dl>
          </section>
        </div>
        <RecipientAndLines doc={cn} name="Credit note" />
        <div className="notice">
          <p>Reason for credit: {cn.reason}</p>
          <p>Pro rata: {cn.change.rule}.</p>
        </div>
        <p className="muted small">
          Issued against invoice {cn.original_invoice.number}, at its rates and place of supply. For {cn.supplier.name}:
          authorised signatory. Questions: {cn.supplier.email}.
        </p>
        <p className="actions no-print">
          <a className="button button--ghost" href={PATHS.membership}>
            Back to membership
          </a>
          <a className="button" href={creditNotePdfPath(cn.id)} download>
            Download PDF
          </a>
        </p>
      </article>
    </div>
  );
}

/** Another admin's credit note, or none by that id: the site's not-found page, as for any unknown address. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <StepErrorBoundary />;
}
