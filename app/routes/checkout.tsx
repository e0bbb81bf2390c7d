import { isRouteErrorResponse, Outlet, useRouteError } from "@remix-run/react";
import { MESSAGES } from "~/constants";
import { PATHS } from "~/paths";

/** Checkout pages are personal: never cached, never indexed. */
export const headers = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

export default function CheckoutLayout() {
  return <Outlet />;
}

/** An upstream failure on any step shows the generic message inside the page (spec §8). */
export function ErrorBoundary() {
  const error = useRouteError();
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === "string" ? error.data.message : MESSAGES.serviceDown;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div className="container checkout">
      <section className="card checkout-main" role="alert">
        <h1>We could not load this step</h1>
        <p>{message}</p>
        <p>
          <a className="button" href="">
            Try again
          </a>{" "}
          <a className="button button--ghost" href={PATHS.home}>
            Home
          </a>
        </p>
      </section>
    </div>
  );
}
