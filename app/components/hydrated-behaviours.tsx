import { useLocation, useMatches, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { watchCrossTabLogout } from "~/behaviours/cross-tab-logout";
import { pushPageView } from "~/behaviours/page-views";
import { showLoaderWhenSlow } from "~/behaviours/slow-page-loader";
import { APP_VERSION } from "~/config/constants";
import { FullScreenLoader } from "./full-screen-loader";

/** Routes that export `handle: { reloadOnBack: true }` are reloaded when restored by back/forward. */
export interface HydrationHandle {
  hydrate?: boolean;
  reloadOnBack?: boolean;
}

/**
 * What hydrated pages do beyond their routes, each once and only here (the public pages' script,
 * app/enhance, does the same for the pages it runs on, with the same modules in app/behaviours
 * for page views, cross-tab logout and the loader; a page has one or the other, never both):
 * page views and scroll per route change, cross-tab logout, reload on back/forward, the version
 * reset, the full-screen loader on slow transitions (docs/product.md, Page behaviour and
 * Analytics events; decision 0003). Renders nothing on the server but the loader's place.
 */
export function HydratedBehaviours({ signedIn, version }: { signedIn: boolean; version: string }) {
  usePageViews();
  useCrossTabLogout(signedIn);
  useReloadOnBack();
  useNoCheckOnSubmitPress();
  // The version reset: a page served by a newer release than this bundle loads it afresh.
  useEffect(() => {
    if (version !== APP_VERSION) window.location.reload();
  }, [version]);
  return <SlowTransitionLoader />;
}

/** One page view per page: the first load, then each client-side change of path or query. */
function usePageViews() {
  const { pathname, search } = useLocation();
  const last = useRef<string | null>(null);
  useEffect(() => {
    const path = `${pathname}${search}`;
    if (last.current === path) return;
    const first = last.current === null;
    last.current = path;
    pushPageView(path);
    // Remix's ScrollRestoration restores positions on back/forward; a new page starts at the top.
    if (!first) window.scrollTo(0, 0);
  }, [pathname, search]);
}

function useCrossTabLogout(signedIn: boolean) {
  useEffect(() => watchCrossTabLogout(signedIn), [signedIn]);
}

/** Add-people, review and payment never show a stale price or order after back/forward. */
function useReloadOnBack() {
  const matches = useMatches();
  const { key } = useLocation();
  const wanted = matches.some((m) => (m.handle as HydrationHandle | undefined)?.reloadOnBack);
  const firstKey = useRef(key);
  useEffect(() => {
    if (!wanted) return;
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) window.location.reload();
    };
    addEventListener("pageshow", onPageShow);
    // A document reached by the browser's back button. (A client-side back to one of these pages
    // needs nothing: Remix runs its loader again, so the price is fresh.)
    const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    if (key === firstKey.current && entry?.type === "back_forward") window.location.reload();
    return () => removeEventListener("pageshow", onPageShow);
  }, [wanted, key]);
}

/**
 * A field is checked as it is left (docs/product.md, Checkout steps), but not when it is left
 * because a submit button is being pressed: its message would appear above the button between
 * press and release, move it, and the click would be lost. The submit checks every field anyway
 * (docs/product.md, Accessibility). Conform listens for focusout on the document: during a press
 * on a submit button, which ends with its click, the focusout is stopped before it gets there.
 * Mounted once for the page's life (root), so the listeners are never removed.
 */
function useNoCheckOnSubmitPress() {
  useEffect(() => {
    let pressing = false;
    const listen = <E extends Event>(type: string, on: (event: E) => void) =>
      addEventListener(type, on as EventListener, true);
    listen("pointerdown", (event) => {
      pressing = (event.target as Element).closest?.('button:not([type]),[type="submit"]') != null;
    });
    listen("focusout", (event) => {
      if (pressing) event.stopImmediatePropagation();
    });
    listen("click", () => (pressing = false));
  }, []);
}

/**
 * Rendered where a page does not hydrate. It only ever runs after a client-side navigation from a
 * hydrated page landed on such a page (a redirect to the home page, say): that page is then loaded
 * as a document, with its own page script. On a page served that way React never runs at all.
 */
export function LoadAsDocument() {
  useEffect(() => {
    window.location.reload();
  }, []);
  return null;
}

/** The full-screen loader, only when a transition is slow (app/behaviours/slow-page-loader.ts). */
function SlowTransitionLoader() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!busy) {
      setSlow(false);
      return;
    }
    return showLoaderWhenSlow(() => setSlow(true));
  }, [busy]);
  return slow ? <FullScreenLoader /> : null;
}
