import { json } from "@remix-run/node";
import { getTerms } from "~/api/global.server";
import { ApiError } from "~/api/http.server";
import { MESSAGES } from "~/constants";
import { TERMS_VERSION } from "./legal";

/**
 * Loader shared by /terms-of-use and /mobile/terms-of-use: the terms text comes from the API's /tnc
 * (spec §7). When that fails the page still renders and says so, with 503 so crawlers come back
 * later instead of indexing the apology.
 */
export async function loadTerms() {
  try {
    const terms = await getTerms(TERMS_VERSION);
    return json({ terms, error: null });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    console.error(JSON.stringify({ level: "error", msg: MESSAGES.termsUnavailable, status: error.status }));
    return json({ terms: null, error: error.message }, { status: 503 });
  }
}
