declare global {
  interface Window {
    dataLayer?: Array<Record<string, unknown>>;
  }
}

/** docs/product.md, Analytics events: a page view in the tag manager's data layer per page; each document counts once. */
export function pushPageView() {
  (window.dataLayer ??= []).push({ event: "page_view", page_path: `${location.pathname}${location.search}` });
}
