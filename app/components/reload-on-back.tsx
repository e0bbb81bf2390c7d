import { useEffect } from "react";

/**
 * Spec §2: the add-people, checkout and payment pages reload when restored from the back-forward
 * cache or reached by back navigation, so they never show a stale price or order. Without script,
 * their `Cache-Control: no-store` keeps browsers from restoring them from cache in the first place.
 */
/** The document's own navigation type is read once: later client-side visits are fresh anyway. */
let documentChecked = false;

export function ReloadOnBackNavigation() {
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) window.location.reload();
    };
    window.addEventListener("pageshow", onPageShow);
    if (!documentChecked) {
      documentChecked = true;
      const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
      if (entry?.type === "back_forward") window.location.reload();
    }
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);
  return null;
}
