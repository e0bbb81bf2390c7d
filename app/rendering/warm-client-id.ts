/** The <template> of the next page's scripts on a page that fetches the client ahead (decision 0053). */
export const WARM_CLIENT_ID = "warm-client";
