import { callBackPath } from "~/routing/page-paths";

/**
 * What to do when a team is outside the online checkout's 2 to 10,000 employees (docs/product.md,
 * A way forward at the limits): after the spec's message, a call-back request that carries the
 * headcount. A plain link: the request page is a public page.
 */
export function OutsideRange({ headcount }: { headcount?: number | null }) {
  return (
    <p className="notice" data-testid="outside-range">
      A team of one, or more than 10,000? Our sales team can still help:{" "}
      <a href={callBackPath(headcount)}>ask us to call you</a>.
    </p>
  );
}
