import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { Cart, Quote } from "~/upstream/employer.server";
import type { StepId } from "~/checkout/steps";
import { PATHS } from "~/routing/paths";
import { Stepper } from "./stepper";
import { SummaryAside } from "./order-summary";

/** Frame of every checkout step: progress on top, the step's form, the summary beside it. */
export function CheckoutShell({
  step,
  reached,
  cart,
  live,
  children,
}: {
  step: StepId;
  reached: StepId;
  cart?: Cart | null;
  /** The price of what the step shows now, before it is saved: the summary shows it, not the cart's. */
  live?: Quote | null;
  children: ReactNode;
}) {
  // Opened from a review row's "Change": saving goes back to the review (docs/product.md, Review).
  const { search } = useLocation();
  const changing = step !== "review" && new URLSearchParams(search).get("returnTo") === "review";
  return (
    <div className="container checkout">
      <Stepper current={step} reached={reached} />
      {changing ? (
        <p className="notice" data-testid="return-to-review">
          Saving takes you back to your review.{" "}
          <Link to={PATHS.checkout.review}>Back to the review without changes</Link>
        </p>
      ) : null}
      <div className={cart ? "checkout-grid" : "checkout-single"}>
        <section className="card checkout-main">
          {children}
          <p className="checkout-help small muted">
            Questions about cover or billing? <a href={PATHS.checkout.faq}>Read the FAQ</a>
          </p>
        </section>
        {cart ? <SummaryAside cart={cart} live={live} /> : null}
      </div>
    </div>
  );
}
