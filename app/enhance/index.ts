/**
 * The one script a public page loads (pages that hydrate load Remix's client instead, never this;
 * decision 0003), and the first step of the purchase, which it also has fetch the next page's client
 * (decision 0053). Every page is rendered on the server and works without it; once it runs it only
 * adds what script can add. Each behaviour finds its own markers (data-* attributes) in the
 * server's HTML and does nothing when they are absent. Page views, cross-tab logout and the slow-page
 * loader are the same modules hydrated pages use (app/behaviours).
 */
import { watchCrossTabLogout } from "~/behaviours/cross-tab-logout";
import { pushPageView } from "~/behaviours/page-views";
import { startCarousels } from "./carousel";
import { watchLazyImages } from "./lazy-images";
import { showPendingSubmissions } from "./pending";
import { liveQuotes } from "./quote";
import { warmClientAfterLoad } from "./warm-client";

pushPageView();
// Whether this page was rendered for a signed-in admin is on <body data-signed-in>.
watchCrossTabLogout(document.body.dataset.signedIn === "true");
showPendingSubmissions();
watchLazyImages();
startCarousels();
liveQuotes();
warmClientAfterLoad();
