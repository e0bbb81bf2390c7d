import type { Cart } from "~/upstream/employer.server";
import { EMPLOYEES_MAX, EMPLOYEES_MIN } from "~/config/constants";
import { PATHS } from "~/routing/paths";

/**
 * The purchase, step by step. Whether a step is done is read from the API's cart, the one record
 * of the checkout, so a reload, a new tab or another device lands on the same step.
 */
export const STEPS = [
  { id: "verify", label: "Mobile", path: PATHS.checkout.verify },
  { id: "gst", label: "Company", path: PATHS.checkout.gstDetails },
  { id: "details", label: "Details", path: PATHS.checkout.companyDetails },
  { id: "plan", label: "Plan", path: PATHS.checkout.planSelect },
  { id: "people", label: "People", path: PATHS.checkout.addPeople },
  { id: "review", label: "Review", path: PATHS.checkout.review },
  { id: "payment", label: "Pay", path: PATHS.checkout.payment },
] as const;

export type StepId = (typeof STEPS)[number]["id"];

export function stepIndex(id: StepId): number {
  return STEPS.findIndex((s) => s.id === id);
}

export function peopleInRange(total: number): boolean {
  return total >= EMPLOYEES_MIN && total <= EMPLOYEES_MAX;
}

/** Whether a signed-in admin's cart has finished the given step. */
export function isStepDone(id: StepId, cart: Cart): boolean {
  switch (id) {
    case "verify":
      return true;
    case "gst":
      return cart.company !== null;
    case "details":
      return cart.admin !== null;
    case "plan":
      return cart.plan !== null;
    case "people":
      return cart.people !== null && peopleInRange(cart.people.total);
    case "review":
      return cart.billing !== null;
    case "payment":
      return cart.order?.status === "paid";
  }
}

/** Once an order is paid or its payment pending, the cart is frozen and the membership is the admin's home. */
export function isPaidOrPending(cart: Cart): boolean {
  return cart.order?.status === "paid" || cart.order?.status === "pending";
}

/** The first step the admin has not finished: where a jump ahead by URL lands. */
export function firstUnfinishedStep(cart: Cart): StepId {
  return STEPS.find((s) => !isStepDone(s.id, cart))?.id ?? "payment";
}

export function pathOf(id: StepId): string {
  return STEPS[stepIndex(id)].path;
}

/** The step after this one. */
export function nextPath(id: StepId): string {
  return STEPS[Math.min(stepIndex(id) + 1, STEPS.length - 1)].path;
}

/**
 * The page a hydrated page's form leads to when it is accepted, so its script can be in the browser
 * before the press (app/rendering/module-preloads.tsx). From payment that is the page the gateway
 * returns a paid buyer to, past its own hosted page.
 */
export function pageAfter(pathname: string): string | null {
  if (pathname === PATHS.checkout.verify) return PATHS.checkout.verifyOtp;
  if (pathname === PATHS.checkout.verifyOtp) return PATHS.checkout.gstDetails;
  if (pathname === PATHS.checkout.payment) return PATHS.paymentSuccess;
  const index = STEPS.findIndex((s) => s.path === pathname);
  return index < 0 ? null : (STEPS[index + 1]?.path ?? null);
}
