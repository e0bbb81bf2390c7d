declare global {
  interface Window {
    dataLayer?: Array<Record<string, unknown>>;
  }
}

/**
 * One page view in the tag manager's data layer (docs/product.md, Analytics events). The public
 * pages' script (app/enhance) pushes one per document; hydrated pages one per client-side change
 * of path or query (app/components/hydrated-behaviours.tsx).
 */
export function pushPageView(path: string = `${location.pathname}${location.search}`) {
  (window.dataLayer ??= []).push({ event: "page_view", page_path: path });
}
