import { CROSS_TAB_LOGOUT_RELOAD_MS } from "~/config/constants";
import { PATHS } from "~/routing/paths";

/** Browser storage key of the cross-tab logout marker (docs/product.md, Sign-in). */
const LOGOUT_MARKER_KEY = "surity:log";

/**
 * Cross-tab logout (docs/product.md, Sign-in): a tab that finds itself signed out after being signed in flips the
 * marker to 0; every other open tab hears it and goes to the home page, signed out. Whether this
 * page was rendered for a signed-in admin is on <body data-signed-in>.
 */
export function watchCrossTabLogout() {
  const signedIn = document.body.dataset.signedIn === "true";
  const marker = localStorage.getItem(LOGOUT_MARKER_KEY);
  if (signedIn && marker !== "1") localStorage.setItem(LOGOUT_MARKER_KEY, "1");
  if (!signedIn && marker === "1") localStorage.setItem(LOGOUT_MARKER_KEY, "0");
  if (!signedIn) return;
  addEventListener("storage", (event) => {
    if (event.key !== LOGOUT_MARKER_KEY || event.newValue !== "0") return;
    localStorage.removeItem(LOGOUT_MARKER_KEY);
    setTimeout(() => location.assign(PATHS.home), CROSS_TAB_LOGOUT_RELOAD_MS);
  });
}
