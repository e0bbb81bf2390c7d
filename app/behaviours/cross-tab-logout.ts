import { CROSS_TAB_LOGOUT_RELOAD_MS } from "~/config/constants";
import { PATHS } from "~/routing/paths";

/** Browser storage key of the cross-tab logout marker (docs/product.md, Sign-in). */
export const LOGOUT_MARKER_KEY = "surity:log";

/**
 * Cross-tab logout (docs/product.md, Sign-in): a tab that finds itself signed out after being
 * signed in flips the marker to 0; every other open signed-in tab hears it and goes to the home
 * page, signed out. Used by hydrated pages (a hook in app/components/hydrated-behaviours.tsx) and
 * by the public pages' script (app/enhance). Returns what stops listening.
 */
export function watchCrossTabLogout(signedIn: boolean): () => void {
  const marker = localStorage.getItem(LOGOUT_MARKER_KEY);
  if (signedIn && marker !== "1") localStorage.setItem(LOGOUT_MARKER_KEY, "1");
  if (!signedIn && marker === "1") localStorage.setItem(LOGOUT_MARKER_KEY, "0");
  if (!signedIn) return () => {};
  let timer: number | undefined;
  const onStorage = (event: StorageEvent) => {
    if (event.key !== LOGOUT_MARKER_KEY || event.newValue !== "0") return;
    localStorage.removeItem(LOGOUT_MARKER_KEY);
    timer = window.setTimeout(() => location.assign(PATHS.home), CROSS_TAB_LOGOUT_RELOAD_MS);
  };
  addEventListener("storage", onStorage);
  return () => {
    removeEventListener("storage", onStorage);
    clearTimeout(timer);
  };
}
