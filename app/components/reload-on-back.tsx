/**
 * docs/product.md, Page behaviour: marks a page (add-people, checkout, payment) that the page's script reloads when it is
 * restored from the back-forward cache or reached by back navigation (enhance/reload-on-back.ts),
 * so it never shows a stale price or order. Without script, the pages' `Cache-Control: no-store`
 * keeps browsers from restoring them from cache in the first place.
 */
export function ReloadOnBackNavigation() {
  return <div hidden data-reload-on-back="" />;
}
