import { PUBLIC_PAGES } from "~/content/public-pages";
import type { PageWeight } from "./page-weight";
import { gzipSize, sum, weighPage } from "./page-weight";
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

/** Whether a page loads Remix's client (a hydrated route) rather than the public page script. */
export const isHydrated = (page: PageWeight) =>
  [...page.js.keys()].some((src) => src.startsWith("/build/entry.client-"));

export interface LaterStep {
  path: string;
  /** Gzip bytes of script this step needs that the steps before it did not load. */
  newJs: number;
  /** Gzip bytes of the step's data (.data). */
  data: number;
}

/**
 * What each checkout step after the first costs when reached client-side, as a hydrated browser
 * reaches it: the script it adds to what the earlier steps loaded (cached) and the step's loader
 * data (the route manifest is whole from the first page, a cached file: lazy route discovery is
 * off, decision 0024) in Remix's single-fetch format. The
 * data is asked for as a navigation does (only the new route's loader; the root's is not re-run).
 */
export async function weighLaterSteps(origin: string, steps: readonly PageWeight[]): Promise<LaterStep[]> {
  const admin = await signedInAdminWithFilledCart(origin);
  const loaded = new Set(steps[0] ? steps[0].js.keys() : []);
  const later: LaterStep[] = [];
  for (const step of steps.slice(1)) {
    await admin.page(step.path);
    const routeId = `routes/${step.path.slice(1).replaceAll("/", ".")}`;
    const data = await admin.send(`${step.path}.data?_routes=${encodeURIComponent(routeId)}`);
    const added = new Map([...step.js].filter(([src]) => !loaded.has(src)));
    for (const src of step.js.keys()) loaded.add(src);
    later.push({
      path: step.path,
      newJs: sum(added),
      data: gzipSize(Buffer.from(await data.arrayBuffer())),
    });
  }
  return later;
}
