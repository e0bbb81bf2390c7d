/** The note's words, composed by the loader (checkout/monthly-billing.server.ts). */
export type MonthlyBillingTerms = {
  /** The monthly total, written out: "₹1,234.00". */
  amount: string;
  /** The sandbox simulates the mandate. */
  sandbox: boolean;
  /** The next charge's date, a month from today: "2 July 2026". */
  nextCharge: string;
  /** The last day covered when the mandate is cancelled before the second charge. */
  coverEnds: string;
  email: string;
  phone: string;
};

/**
 * How months 2 to 12 of monthly billing are collected, said before the admin pays (docs/product.md,
 * After the purchase): a recurring mandate authorised with the first payment, when it charges, how much,
 * the notice before each charge and how to stop it. The sandbox simulates the mandate.
 */
export function MonthlyBillingNote({ terms }: { terms: MonthlyBillingTerms }) {
  const { amount, sandbox, nextCharge, coverEnds, email, phone } = terms;
  return (
    <div className="notice monthly-note">
      <p>
        <strong>If you pay monthly:</strong> you pay {amount} today for the first month. With that payment you authorise
        a recurring mandate
        {sandbox
          ? " (simulated in this sandbox)"
          : " (UPI AutoPay, a card standing instruction or an eNACH bank mandate)"}{" "}
        that collects {amount} on the same date each month for months 2 to 12; the next charge would be on {nextCharge}.
      </p>
      <p>
        We tell you at least 24 hours before each charge. Cancel any time before a charge on your membership page, by
        writing to <a href={`mailto:${email}`}>{email}</a> or calling {phone}, or in your UPI or bank app.
      </p>
      <p>
        <strong>Cancelling the mandate ends your team’s cover</strong> at the end of the last month paid: cancel before
        the second charge and cover ends on {coverEnds}.
      </p>
    </div>
  );
}
