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
import { formatPaise } from "~/utils/money";

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
        <InvoiceEmailNote invoice={order.invoice} />
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
          {order.invoice ? (
            <a className="button button--ghost" href={invoicePdfPath(order.invoice.id)} download>
              Download tax invoice (PDF)
            </a>
          ) : null}
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

/** Only what really happened to the invoice email (docs/product.md, Payment outcomes). */
function InvoiceEmailNote({ invoice }: { invoice: Verification["invoice"] }) {
  if (!invoice) return null;
  switch (invoice.email_status) {
    case "sent":
      return (
        <p>
          We’ve emailed your tax invoice {invoice.number} to <span className="nowrap">{invoice.email_to}</span>.
        </p>
      );
    case "sending":
      return (
        <p>
          We’re emailing your tax invoice {invoice.number} to <span className="nowrap">{invoice.email_to}</span>; you
          can also download it below.
        </p>
      );
    default:
      return <p>We could not email your tax invoice {invoice.number}. Please download it below.</p>;
  }
}
