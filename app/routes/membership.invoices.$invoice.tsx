import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { getInvoice } from "~/upstream/tax-documents.server";
import { invoiceRequest } from "~/membership/documents/tax-documents.server";
import { StepErrorBoundary } from "~/components/step-error";
import { PATHS } from "~/routing/paths";
import { invoicePath, invoicePdfPath } from "~/routing/membership-paths";
import { seoMeta } from "~/content/seo";
import { formatDate } from "~/utils/dates";
import { formatPaiseExact as formatPaise } from "~/utils/money";
import { RecipientAndLines, Supplier } from "~/membership/documents/tax-document";
import type { Invoice } from "~/upstream/tax-documents.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  seoMeta(
    {
      title: data ? `Tax invoice ${data.invoice.number}` : "Tax invoice",
      description: "Your Kavach GST tax invoice.",
      path: data ? invoicePath(data.invoice.id) : PATHS.membership,
    },
    matches,
  );

/** The same invoice as the PDF, as a page: the upstream's stored data, nothing recomputed here. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { value, headers } = await invoiceRequest(request, params.invoice, getInvoice);
  return data({ invoice: value }, { headers });
}

export default function InvoicePage() {
  const { invoice: inv } = useLoaderData<typeof loader>();
  return (
    <div className="container">
      <article className="card invoice" aria-labelledby="invoice-title">
        <header className="invoice__head">
          <h1 id="invoice-title">Tax invoice</h1>
          <span className="muted small">Original for recipient</span>
        </header>
        <div className="invoice__parties">
          <Supplier doc={inv} />
          <section>
            <h2>Invoice</h2>
            <dl className="info-list">
              <div>
                <dt>Number</dt>
                <dd>{inv.number}</dd>
              </div>
              <div>
                <dt>Date</dt>
                <dd>{formatDate(inv.date)}</dd>
              </div>
              <div>
                <dt>Place of supply</dt>
                <dd>
                  {inv.place_of_supply.state_name} ({inv.place_of_supply.state_code})
                </dd>
              </div>
              <div>
                <dt>Reverse charge</dt>
                <dd>{inv.reverse_charge ? "Yes" : "No"}</dd>
              </div>
              <div>
                <dt>Billing period</dt>
                <dd>
                  {formatDate(inv.billing_period.from)} to {formatDate(inv.billing_period.to)}
                </dd>
              </div>
              <div>
                <dt>Order</dt>
                <dd>{inv.order_id}</dd>
              </div>
              <div>
                <dt>Payment</dt>
                <dd>{inv.payment_id}</dd>
              </div>
            </dl>
          </section>
        </div>
        <RecipientAndLines doc={inv} name="Invoice" />
        {inv.change ? <AdditionNote change={inv.change} /> : null}
        <p className="muted small">
          For {inv.supplier.name}: authorised signatory. Questions: {inv.supplier.email}.
        </p>
        <p className="actions no-print">
          <a className="button button--ghost" href={PATHS.membership}>
            Back to membership
          </a>
          <a className="button" href={invoicePdfPath(inv.id)} download>
            Download PDF
          </a>
        </p>
      </article>
    </div>
  );
}

/** An addition during the year: who joined, on which band and cover, the pro-rata rule, and any credit used. */
function AdditionNote({ change: c }: { change: NonNullable<Invoice["change"]> }) {
  return (
    <div className="notice">
      <p>
        Addition during the year: employee {c.employee_code}, {c.band_label}, {c.range_label}, covered from{" "}
        {formatDate(c.effective_date)}.
      </p>
      <p>Pro rata: {c.rule}.</p>
      {c.credit_applied_paise > 0 ? (
        <p>
          Credit from removals used: {formatPaise(c.credit_applied_paise)}. Amount due:{" "}
          <strong>{formatPaise(c.amount_due_paise)}</strong>.
        </p>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <div className="container outcome">
        <section className="card outcome__card" role="alert">
          <h1>Invoice not found</h1>
          <p>There is no such invoice in your membership.</p>
          <p>
            <a className="button" href={PATHS.membership}>
              Go to your membership
            </a>
          </p>
        </section>
      </div>
    );
  }
  return <StepErrorBoundary />;
}
