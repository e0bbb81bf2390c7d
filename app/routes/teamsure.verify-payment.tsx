import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { recordPurchaseSuccess } from "~/analytics/charged.server";
import type { Verification } from "~/upstream/employer.server";
import { currentOrderStatus } from "~/checkout/payment-status.server";
import { partnerReturnFor } from "~/content/partner-landings";
import { getSession } from "~/session/session.server";
import { PATHS } from "~/routing/paths";
import { invoicePdfPath } from "~/routing/membership-paths";
import { seoMeta } from "~/content/seo";
import { formatPaise, formatPaiseExact } from "~/utils/money";

/** Hydrated: docs/product.md, Which routes hydrate. */
export const handle = { hydrate: true };

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: "Payment successful",
      description: "Your team’s membership is paid and active.",
      path: PATHS.paymentSuccess,
    },
    matches,
  );

export const headers = () => ({ "Cache-Control": "no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const order = await currentOrderStatus(request);
  if (!order) throw redirect(PATHS.checkout.payment);
  if (order.status === "pending") throw redirect(`${PATHS.paymentPending}?order_id=${order.order_id}`);
  if (order.status !== "paid") throw redirect(`${PATHS.paymentFail}?order_id=${order.order_id}`);
  await recordPurchaseSuccess(request, order);
  // A finance partner's visitor is offered the way back to the partner's site (spec row 3.21).
  const back = partnerReturnFor((await getSession(request)).get("from"));
  return data({ order, back });
}

export default function PaymentSuccess() {
  const { order, back } = useLoaderData<typeof loader>();
  return (
    <div className="container outcome">
      <section className="card outcome__card">
        <div className="outcome__icon outcome__icon--success" aria-hidden="true">
          ✓
        </div>
        <h1>Payment successful</h1>
        <p>Your team’s membership is active.</p>
        <InvoiceEmailNote order={order} />
        <dl className="bill">
          <div>
            <dt>Order</dt>
            <dd>{order.order_id}</dd>
          </div>
          <div>
            <dt>Payment</dt>
            <dd>{order.payment_id}</dd>
          </div>
          <div>
            <dt>Billing</dt>
            <dd>{order.policy === "yearly" ? "Yearly" : "Monthly"}</dd>
          </div>
          <div className="bill__total">
            <dt>Amount paid</dt>
            <dd>{formatPaise(order.amount_paise)}</dd>
          </div>
        </dl>
        <TaxInvoices invoices={order.invoices} />
        <section className="outcome__next" aria-labelledby="next">
          <h2 id="next">What happens next</h2>
          <p>
            Add your team’s details: names, dates of birth and dependants. As soon as everyone you bought cover for is
            named, the insurer issues the policy and every employee gets their e-card by email.
          </p>
          <p>
            <a href={PATHS.members}>Add your team’s details</a>
          </p>
        </section>
        <p className="actions actions--center">
          <a className="button" href={PATHS.membership}>
            Go to your membership
          </a>
        </p>
        {back ? (
          <p className="actions actions--center">
            <a href={back.href} rel="noopener">
              Back to {back.name}
            </a>
          </p>
        ) : null}
      </section>
    </div>
  );
}

/** Only what really happened to the invoice email (docs/product.md, Payment outcomes): one email holds every invoice. */
function InvoiceEmailNote({ order }: { order: Pick<Verification, "invoice" | "invoices"> }) {
  const { invoice } = order;
  if (!invoice) return null;
  const numbers = order.invoices.length > 1 ? order.invoices.map((i) => i.number).join(" and ") : invoice.number;
  const what = order.invoices.length > 1 ? `tax invoices ${numbers}` : `tax invoice ${numbers}`;
  switch (invoice.email_status) {
    case "sent":
      return (
        <p>
          We’ve emailed your {what} to <span className="nowrap">{invoice.email_to}</span>.
        </p>
      );
    case "sending":
      return (
        <p>
          We’re emailing your {what} to <span className="nowrap">{invoice.email_to}</span>; you can also download them
          below.
        </p>
      );
    default:
      return <p>We could not email your {what}. Please download them below.</p>;
  }
}

/**
 * Each supplier's tax invoice, with who issued it and what for (docs/decisions/0047): the insurer
 * invoices its premium, Kavach its own services; the one payment collected both.
 */
function TaxInvoices({ invoices }: { invoices: Verification["invoices"] }) {
  if (invoices.length === 0) return null;
  return (
    <section className="outcome__documents" aria-labelledby="tax-invoices">
      <h2 id="tax-invoices">Your tax {invoices.length > 1 ? "invoices" : "invoice"}</h2>
      {invoices.length > 1 ? (
        <p className="muted">
          Your one payment is invoiced by each supplier on its own tax invoice: Kavach collected the insurer’s premium
          for the insurer.
        </p>
      ) : null}
      <ul className="plain-list">
        {invoices.map((i) => (
          <li key={i.id}>
            <strong>{i.supplier}</strong>
            {i.document_for ? <>: {i.document_for}</> : null}. {i.number}, {formatPaiseExact(i.total_paise)}.{" "}
            <a href={invoicePdfPath(i.id)} download>
              Download tax invoice {i.number} (PDF)
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
