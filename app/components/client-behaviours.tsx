import { useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { CROSS_TAB_LOGOUT_RELOAD_MS } from "~/constants";
import { PATHS } from "~/paths";
import { FullScreenLoader } from "./full-screen-loader";

/** What script adds once it loads; without it every page and form works the same. */

declare global {
  interface Window {
    dataLayer?: Array<Record<string, unknown>>;
  }
}

/** Spec §2: a page view in the tag manager's data layer per route change; the first view counts once. */
export function PageViews() {
  const location = useLocation();
  useEffect(() => {
    (window.dataLayer ??= []).push({ event: "page_view", page_path: `${location.pathname}${location.search}` });
  }, [location.pathname, location.search]);
  return null;
}

/** Spec §3 browser storage key for the cross-tab logout marker. */
export const LOGOUT_MARKER_KEY = "surity:log";

/**
 * Spec §4 cross-tab logout: a tab that finds itself signed out after being signed in flips the
 * marker to 0; every other open tab hears it and goes to the home page, signed out.
 */
export function CrossTabLogout({ signedIn }: { signedIn: boolean }) {
  useEffect(() => {
    const marker = window.localStorage.getItem(LOGOUT_MARKER_KEY);
    if (signedIn && marker !== "1") window.localStorage.setItem(LOGOUT_MARKER_KEY, "1");
    if (!signedIn && marker === "1") window.localStorage.setItem(LOGOUT_MARKER_KEY, "0");
    if (!signedIn) return;
    const onStorage = (event: StorageEvent) => {
      if (event.key !== LOGOUT_MARKER_KEY || event.newValue !== "0") return;
      window.localStorage.removeItem(LOGOUT_MARKER_KEY);
      setTimeout(() => window.location.assign(PATHS.home), CROSS_TAB_LOGOUT_RELOAD_MS);
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [signedIn]);
  return null;
}

/** Quick navigations stay quiet; the full-screen loader shows only when one takes a while. */
const LOADER_DELAY_MS = 400;

export function NavigationLoader() {
  const busy = useNavigation().state !== "idle";
  const [show, setShow] = useState(false);
  useEffect(() => {
    if (!busy) return setShow(false);
    const timer = setTimeout(() => setShow(true), LOADER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  return show ? <FullScreenLoader /> : null;
}
