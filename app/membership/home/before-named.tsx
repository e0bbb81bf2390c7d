import { formatDate } from "~/utils/dates";

/**
 * Who is covered while the team is not yet named (docs/product.md, The pages: What happens next): the
 * cover runs from the day of payment, but the insurer issues the policy, and with it every e-card, only
 * once every employee bought is named, and a claim needs the policy. So the page says plainly that no
 * one can use the cover yet, that naming late loses no days of it, and that the team is to be named
 * before anyone needs it: the insurer sets no other date.
 */
export function BeforeNamed({ from }: { from: string | null }) {
  const start = from ? formatDate(from) : "the day you paid";
  return (
    <p className="before-named">
      <strong>Who is covered meanwhile:</strong> no one yet. Once the policy is issued, everyone you name is covered
      from {start}; until then there are no e-cards and no claims. Name your team today: the insurer sets no other
      deadline.
    </p>
  );
}
