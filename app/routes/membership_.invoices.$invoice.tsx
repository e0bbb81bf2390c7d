import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { getInvoice } from "~/upstream/employer.server";
import { invoiceRequest } from "~/checkout/invoice.server";
import { StepErrorBoundary } from "~/components/step-error";
import { PATHS, invoicePath, invoicePdfPath } from "~/routing/paths";
import { seoMeta } from "~/content/seo";
import { formatDate } from "~/utils/dates";
import { formatPaiseExact as formatPaise } from "~/utils/money";

export const handle = { hydrate: true };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  seoMeta(
    {
      title: data ? `Tax invoice ${data.invoice.number}` : "Tax invoice",
      description: "Your Kavach GST tax invoice.",
      path: data ? invoicePath(data.invoice.id) : PATHS.membership,
    },
    matches,
  );

export const headers = () => ({ "Cache-Control": "no-store" });

/** The same invoice as the PDF, as a page: the upstream's stored data, nothing recomputed here. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { value, headers } = await invoiceRequest(request, params.invoice, getInvoice);
  return json({ invoice: value }, { headers });
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
          <section>
            <h2>Supplier</h2>
            <p>
              <strong>{inv.supplier.name}</strong>
            </p>
            <p>{inv.supplier.address}</p>
            <p>GSTIN: {inv.supplier.gstin}</p>
            <p>
              State: {inv.supplier.state_name} (code {inv.supplier.state_code})
            </p>
          </section>
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
        <section className="invoice__recipient">
          <h2>Bill to (recipient)</h2>
          <p>
            <strong>{inv.recipient.name}</strong>
          </p>
          <p>{inv.recipient.address}</p>
          <p>GSTIN: {inv.recipient.gstin}</p>
          <p>
            State: {inv.recipient.state_name} (code {inv.recipient.state_code})
            {inv.recipient.is_sez ? ", SEZ unit" : ""}
          </p>
        </section>
        {/* Focusable so the lines can be scrolled sideways from the keyboard on a phone. */}
        <div className="table-scroll" role="region" aria-label="Invoice lines" tabIndex={0}>
          <table className="stack-table">
            <thead>
              <tr>
                <th scope="col">Description of service</th>
                <th scope="col">SAC</th>
                <th scope="col" className="num">
                  Taxable value
                </th>
              </tr>
            </thead>
            <tbody>
              {inv.lines.map((l) => (
                <tr key={l.description}>
                  <td>
                    {l.description}
                    <br />
                    <span className="muted small">{l.detail}</span>
                    {l.supplied_by ? (
                      <>
                        <br />
                        <span className="muted small">{l.supplied_by}</span>
                      </>
                    ) : null}
                  </td>
                  <td data-joiner="SAC">{l.sac}</td>
                  <td className="num" data-joiner="·">
                    {formatPaise(l.taxable_paise)}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  Total taxable value
                </th>
                <td className="num">{formatPaise(inv.taxable_paise)}</td>
              </tr>
              {inv.tax_lines.length === 0 ? (
                <tr>
                  <th scope="row" colSpan={2}>
                    IGST (zero-rated supply)
                  </th>
                  <td className="num">{formatPaise(0)}</td>
                </tr>
              ) : (
                inv.tax_lines.map((t) => (
                  <tr key={t.label}>
                    <th scope="row" colSpan={2}>
                      {t.label}
                    </th>
                    <td className="num">{formatPaise(t.paise)}</td>
                  </tr>
                ))
              )}
              <tr>
                <th scope="row" colSpan={2}>
                  Invoice total
                </th>
                <td className="num">{formatPaise(inv.total_paise)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
        <p className="invoice__words">Amount in words: {inv.total_in_words}</p>
        {inv.zero_rated_note ? <p className="notice">{inv.zero_rated_note}</p> : null}
        {inv.insurer ? (
          <p>
            Insurer: {inv.insurer.name} (IRDAI Reg. No. {inv.insurer.irdai_registration_no}).{" "}
            {inv.policy_number ? `Policy number: ${inv.policy_number}` : "Policy number: issued with the certificate"}.
          </p>
        ) : null}
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
