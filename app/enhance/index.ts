/**
 * The one script a public page loads (pages that hydrate load Remix's client instead, never this;
 * decision 0003). Every page is rendered on the server and works without it; once it runs it only
 * adds what script can add. Each behaviour finds its own markers (data-* attributes) in the
 * server's HTML and does nothing when they are absent.
 */
import { startCarousels } from "./carousel";
import { watchCrossTabLogout } from "./cross-tab-logout";
import { watchLazyImages } from "./lazy-images";
import { pushPageView } from "./page-views";
import { showPendingSubmissions } from "./pending";
import { liveQuotes } from "./quote";

pushPageView();
watchCrossTabLogout();
showPendingSubmissions();
watchLazyImages();
startCarousels();
liveQuotes();
