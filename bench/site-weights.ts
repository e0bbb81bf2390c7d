import { PUBLIC_PAGES } from "~/content/public-pages";
import type { PageWeight } from "./page-weight";
import { weighPage } from "./page-weight";
import { Admin, CHECKOUT_STEP_PAGES, freshMobile, signedInAdminWithFilledCart } from "./signed-in-admin";

/**
 * Weighs every page a visitor can land on: each public page from the site's one list, the two
 * sign-in screens as a visitor sees them, and each checkout step with a filled cart.
 */
export async function weighSite(origin: string): Promise<PageWeight[]> {
  const weights: PageWeight[] = [];
  const visitor = new Admin(origin);
  for (const { path } of PUBLIC_PAGES) weights.push(weighPage(path, await visitor.page(path)));
  weights.push(weighPage("/checkout/verify", await visitor.page("/checkout/verify")));
  await visitor.post("/checkout/verify", `mobile=${freshMobile()}`, "/checkout/verify-otp");
  weights.push(weighPage("/checkout/verify-otp", await visitor.page("/checkout/verify-otp")));

  const admin = await signedInAdminWithFilledCart(origin);
  for (const path of CHECKOUT_STEP_PAGES) weights.push(weighPage(path, await admin.page(path)));
  return weights;
}
