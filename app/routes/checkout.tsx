import { Outlet } from "@remix-run/react";

/** Checkout pages are personal: never cached, never indexed. */
export const headers = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

/** Every checkout page hydrates but the first, which says otherwise (docs/product.md, Which routes hydrate; decisions 0003, 0053). */
export const handle = { hydrate: true };

export default function CheckoutLayout() {
  return <Outlet />;
}

/** Steps export the same boundary themselves, so it can read their own action's reply. */
export { StepErrorBoundary as ErrorBoundary } from "~/components/step-error";
