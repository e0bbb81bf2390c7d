import { Link } from "@remix-run/react";
import { STEPS, stepIndex } from "~/checkout/steps";
import type { StepId } from "~/checkout/steps";

/** Where the admin is; finished steps are links so they can be revisited and edited. */
export function Stepper({ current, reached }: { current: StepId; reached: StepId }) {
  const currentIndex = stepIndex(current);
  const reachedIndex = Math.max(stepIndex(reached), currentIndex);
  return (
    <nav aria-label="Checkout progress" className="stepper">
      <ol>
        {STEPS.map((step, i) => {
          const state = i === currentIndex ? "current" : i < reachedIndex ? "done" : "todo";
          const label = (
            <>
              <span className="stepper__dot" aria-hidden="true">
                {state === "done" ? "✓" : i + 1}
              </span>
              <span className="stepper__label">{step.label}</span>
            </>
          );
          return (
            <li key={step.id} className={`stepper__step stepper__step--${state}`}>
              {state === "done" ? (
                <Link to={step.path}>{label}</Link>
              ) : (
                <span aria-current={state === "current" ? "step" : undefined}>{label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
