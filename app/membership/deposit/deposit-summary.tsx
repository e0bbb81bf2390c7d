import type { Deposit } from "~/upstream/deposit.server";
import { PATHS } from "~/routing/paths";
import { formatPaise } from "~/utils/money";

/**
 * The membership page's word on the employer's cash deposit with the insurer (decision 0055): who holds
 * it, its balance, and the way to its ledger, top-up and withdrawal.
 */
export function DepositSummary({ deposit, manage }: { deposit: Deposit; manage: boolean }) {
  return (
    <section className="card" aria-labelledby="deposit">
      <h2 id="deposit">Cash deposit with the insurer</h2>
      <DepositBalance deposit={deposit} />
      <p className="muted small">
        Leavers’ refunds are paid into it by the insurer; joiners are paid from it when it covers their premium.
      </p>
      {/* Its ledger, top-up and withdrawal are payments: an HR seat sees the balance only (decision 0052). */}
      {manage ? (
        <p>
          <a href={PATHS.deposit}>See the deposit’s ledger, top it up or withdraw</a>
        </p>
      ) : null}
    </section>
  );
}

/** The deposit's balance and who holds it, on the membership page and the deposit's own. */
export function DepositBalance({ deposit }: { deposit: Deposit }) {
  return (
    <dl className="info-list">
      <div>
        <dt>Balance</dt>
        <dd>{formatPaise(deposit.balance_paise)}</dd>
      </div>
      <div>
        <dt>Held by</dt>
        <dd>{deposit.held_by}</dd>
      </div>
    </dl>
  );
}
