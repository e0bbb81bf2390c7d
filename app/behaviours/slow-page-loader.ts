/**
 * The full-screen loader shows only when a navigation or post takes longer than this, so a quick
 * step never flashes it (docs/product.md, Page behaviour).
 */
export const LOADER_DELAY_MS = 2_000;

/**
 * Calls `show` once a transition that starts now has lasted LOADER_DELAY_MS; the returned function
 * cancels it (the transition ended, or the page was restored from the back-forward cache). Hydrated
 * pages start it while Remix's navigation is busy (app/components/hydrated-behaviours.tsx); the
 * public pages' script on a form post or a link to another page (app/enhance/pending.ts).
 */
export function showLoaderWhenSlow(show: () => void): () => void {
  const timer = window.setTimeout(show, LOADER_DELAY_MS);
  return () => clearTimeout(timer);
}
