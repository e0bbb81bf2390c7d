/**
 * The one script a page loads. Every page is rendered on the server and works without it; once it
 * runs it only adds what script can add. Pages are not hydrated: React and Remix's client runtime
 * alone weigh more than the 90 KB budget (decision 0003), and nothing here needs them. Each behaviour
 * finds its own markers (data-* attributes) in the server's HTML and does nothing when they are absent.
 */
import { startCarousels } from "./carousel";
import { startCountdowns } from "./countdown";
import { watchCrossTabLogout } from "./cross-tab-logout";
import { showLocalGreeting } from "./greeting";
import { watchLazyImages } from "./lazy-images";
import { pushPageView } from "./page-views";
import { reloadOnBackNavigation } from "./reload-on-back";
import { showPendingSubmissions } from "./pending";
import { validateInline } from "./inline-validation";

pushPageView();
watchCrossTabLogout();
reloadOnBackNavigation();
showPendingSubmissions();
validateInline();
showLocalGreeting();
startCountdowns();
watchLazyImages();
startCarousels();
