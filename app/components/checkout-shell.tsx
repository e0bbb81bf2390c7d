import type { ReactNode } from "react";
import type { Cart } from "~/upstream/employer.server";
import type { StepId } from "~/checkout/steps";
import { PATHS } from "~/routing/paths";
import { Stepper } from "./stepper";
import { SummaryAside } from "./order-summary";

/** Frame of every checkout step: progress on top, the step's form, the summary beside it. */
export function CheckoutShell({
  step,
  reached,
  cart,
  children,
}: {
  step: StepId;
  reached: StepId;
  cart?: Cart | null;
  children: ReactNode;
}) {
  return (
    <div className="container checkout">
      <Stepper current={step} reached={reached} />
      <div className={cart ? "checkout-grid" : "checkout-single"}>
        <section className="card checkout-main">
          {children}
          <p className="checkout-help small muted">
            Questions about cover or billing? <a href={PATHS.checkout.faq}>Read the FAQ</a>
          </p>
        </section>
        {cart ? <SummaryAside cart={cart} /> : null}
      </div>
    </div>
  );
}
