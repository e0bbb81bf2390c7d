import { Link } from "@remix-run/react";
import type { Change, ChangePayment } from "~/upstream/changes.server";
import { PATHS } from "~/routing/paths";
import { creditNotePath, invoicePath } from "~/routing/membership-paths";
import { formatPaiseExact as formatPaise } from "~/utils/money";

/**
 * How a confirmed change was paid (docs/product.md, Changes during the year: a done page; decision 0055),
 * read from the change's price and its last payment as they stand: what went through the gateway, what
 * the cash deposit with the insurer paid, or where a removal's refund went. Null when nothing was paid
 * or refunded.
 */
export function paidHow(change: Change, payment: ChangePayment | null): string | null {
  const p = change.price;
  if (change.kind === "remove")
    return p.policy === "yearly" && p.total_paise < 0
      ? `Nothing to pay: ${formatPaise(-p.total_paise)} is refunded on the credit notes below, the insurer’s premium into your cash deposit with the insurer and any of Kavach’s own services to your bank account.`
      : null;
  // What making the addition cost: yearly its total, monthly the part-month paid at once.
  const charge = p.policy === "yearly" ? p.total_paise : (p.due_now?.total_paise ?? 0);
  if (charge <= 0) return null;
  const gateway = payment?.status === "paid" && !payment.refund_due ? payment.amount_paise : 0;
  const deposit = charge - gateway;
  if (gateway === 0) return `Paid ${formatPaise(charge)} from your cash deposit with the insurer: nothing was charged.`;
  const byGateway = `${formatPaise(gateway)} through the payment gateway (order ${payment!.order_id})`;
  return deposit > 0
    ? `Paid ${formatPaise(charge)}: ${byGateway} and ${formatPaise(deposit)} from your cash deposit with the insurer.`
    : `Paid ${byGateway}.`;
}

/**
 * Whom a confirmed addition's e-cards went to: emailed with its invoice, or by themselves when it has
 * none (a family event at no charge); the family's to the employee.
 */
export function eCardsSentTo(change: Change): string | null {
  if (change.kind === "remove") return null;
  const email = change.event === null ? change.members[0]?.email : null;
  return email
    ? `Their e-cards are emailed to ${email}.`
    : `The family’s e-cards are emailed to employee ${change.employee_code}, at the email on your team’s list.`;
}

/** A done page's money, documents and e-cards, under the change's heading. */
export function ChangeDone({ change, payment }: { change: Change; payment: ChangePayment | null }) {
  const paid = paidHow(change, payment);
  const cards = eCardsSentTo(change);
  const documents = [
    ...change.invoices.map((d) => ({ ...d, href: invoicePath(d.id), what: "Tax invoice" })),
    ...change.credit_notes.map((d) => ({ ...d, href: creditNotePath(d.id), what: "Credit note" })),
  ];
  return (
    <section className="change-done" aria-label="Payment, documents and e-cards">
      {paid ? <p>{paid}</p> : null}
      {documents.length > 0 ? (
        <ul className="plain-list">
          {documents.map((d) => (
            <li key={d.id}>
              <Link to={d.href}>{`${d.what} ${d.number}`}</Link>
            </li>
          ))}
        </ul>
      ) : null}
      {cards ? (
        <p>
          {cards} <Link to={PATHS.members}>Your team’s details</Link>
        </p>
      ) : null}
    </section>
  );
}
