/**
 * docs/product.md, Page behaviour: the add-people, checkout and payment pages (marked data-reload-on-back) reload when
 * restored from the back-forward cache or reached by back navigation, so they never show a stale
 * price or order. Without script, their `Cache-Control: no-store` keeps browsers from restoring
 * them from cache in the first place.
 */
export function reloadOnBackNavigation() {
  if (!document.querySelector("[data-reload-on-back]")) return;
  addEventListener("pageshow", (event) => {
    if (event.persisted) location.reload();
  });
  const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  if (entry?.type === "back_forward") location.reload();
}
