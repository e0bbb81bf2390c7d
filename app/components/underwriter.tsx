import type { Underwriting } from "~/api/employer.server";

/**
 * Who stands behind the cover, said where the buyer decides (plan cards, review): the insurer that
 * underwrites it and the intermediary that arranges it, each with its IRDAI registration number.
 * Sandbox data says it is sample data (docs/product.md, Who stands behind the cover).
 */
export function Underwriter({ underwriting }: { underwriting: Underwriting }) {
  const { insurer, intermediary, sample } = underwriting;
  return (
    <span className="underwriter small muted" data-testid="underwriter">
      Underwritten by {insurer.name} (IRDAI Reg. No. {insurer.irdai_registration_no}); arranged by {intermediary.name},{" "}
      {intermediary.kind.toLowerCase()} (IRDAI Reg. No. {intermediary.irdai_registration_no})
      {sample ? <strong className="underwriter__sample"> · sample data</strong> : null}.
    </span>
  );
}
