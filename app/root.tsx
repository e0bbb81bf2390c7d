import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { FullScreenLoader } from "~/components/full-screen-loader";
import { HydratedBehaviours, LoadAsDocument } from "~/components/hydrated-behaviours";
import { SandboxNotice } from "~/components/sandbox-notice";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { ToastMessage } from "~/components/toast";
import { APP_VERSION, MESSAGES } from "~/config/constants";
import { enhanceScriptSrc } from "~/rendering/enhance-script.server";
import { embeddedApi, publicOrigin } from "~/config/env.server";
import { purchaseHrefFor } from "~/checkout/purchase-href.server";
import { currentToken } from "~/session/signed-in.server";
import { routeHydrates, savesData } from "~/rendering/hydration";
import { ModulePreloads } from "~/rendering/module-preloads";
import { useNonce } from "~/rendering/nonce";
import appStyles from "~/styles/app.css";
import siteStyles from "~/styles/site.css";
import { takeToast } from "~/session/toast.server";
import { footerLegal } from "~/content/footer-legal.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: appStyles },
  { rel: "stylesheet", href: siteStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  // An ended session (idle, past 12 hours, another version) is a visitor signed out, on every page.
  const [{ token, setCookie: endSession }, { toast, setCookie }] = await Promise.all([
    currentToken(request),
    takeToast(request),
  ]);
  const headers = new Headers();
  for (const cookie of [endSession, setCookie]) if (cookie) headers.append("Set-Cookie", cookie);
  // The header's purchase button leads a signed-in admin on; inside the checkout the stepper does
  // that, and the header shows no button, so the cart is not read twice there.
  const inCheckout = new URL(request.url).pathname.startsWith("/checkout/");
  return data(
    {
      signedIn: Boolean(token),
      purchaseHref: token && !inCheckout ? await purchaseHrefFor(token) : null,
      sandbox: embeddedApi,
      toast,
      origin: publicOrigin(request),
      script: enhanceScriptSrc,
      // Data-saver mode: no route hydrates, the page works as with script off (decision 0003).
      saveData: savesData(request.headers),
      version: APP_VERSION,
      // Licence, grievance contact and the copyright to this year (docs/product.md, Who stands behind the cover).
      legal: footerLegal(embeddedApi),
    },
    { headers },
  );
}

export type RootLoader = typeof loader;

/**
 * Every page is complete as the server sends it. A route that asks with `handle.hydrate` (the
 * checkout, the outcome and membership pages) loads Remix's client and becomes a React app; every
 * other page gets the one small page script (app/enhance): carousels, lazy images, greeting, page
 * views, cross-tab logout and the invite form's pending state. Never both. A request with
 * `Save-Data: on` hydrates nothing, and a route that would have hydrated then gets no script at
 * all: it works exactly as with script off (docs/product.md, Which routes hydrate; decision 0003).
 */
function Document({ signedIn, children }: { signedIn: boolean; children: ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData<typeof loader>("root");
  // The same rule as the renderer's and the page sharing's (app/rendering/hydration.ts).
  const wantsHydration = routeHydrates(useMatches().map((match) => match.handle));
  const hydrates = wantsHydration && !root?.saveData;
  const pageScript = wantsHydration ? null : root?.script;
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b3d5c" />
        <Meta />
        <Links />
        {hydrates ? <ModulePreloads /> : null}
      </head>
      <body data-signed-in={signedIn}>
        {children}
        {hydrates ? (
          <>
            <HydratedBehaviours signedIn={signedIn} version={root?.version ?? APP_VERSION} />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : (
          <>
            <template id="page-loader">
              <FullScreenLoader />
            </template>
            <LoadAsDocument />
          </>
        )}
        {pageScript ? <script type="module" src={pageScript} nonce={nonce || undefined} /> : null}
      </body>
    </html>
  );
}

/** The first thing a keyboard reaches: past the header to the page's own content (docs/product.md, Accessibility). */
function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      Skip to main content
    </a>
  );
}

export default function App() {
  const { signedIn, sandbox, toast, legal, purchaseHref } = useLoaderData<typeof loader>();
  return (
    <Document signedIn={signedIn}>
      <SkipLink />
      {sandbox ? <SandboxNotice /> : null}
      <SiteHeader signedIn={signedIn} purchaseHref={purchaseHref} />
      {toast ? <ToastMessage toast={toast} /> : null}
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter legal={legal} />
    </Document>
  );
}

/** Last resort: never a stack trace, never a blank page (docs/product.md, Errors and outages). */
export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<typeof loader>("root");
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // In the browser only: on the server, entry.server's handleError has logged it once, with the
  // request's id (docs/decisions/0036).
  if (!notFound && typeof document !== "undefined") console.error(error);
  return (
    <Document signedIn={root?.signedIn ?? false}>
      <SkipLink />
      {root?.sandbox ? <SandboxNotice /> : null}
      <SiteHeader signedIn={root?.signedIn ?? false} purchaseHref={root?.purchaseHref ?? null} />
      <main id="main" tabIndex={-1} className="container page-message">
        <h1>{notFound ? "Page not found" : "Something went wrong"}</h1>
        <p>{notFound ? "We could not find the page you were looking for." : MESSAGES.serviceDown}</p>
        <p>
          <a className="button" href="/">
            Go to the home page
          </a>
        </p>
      </main>
      <SiteFooter legal={root?.legal} />
    </Document>
  );
}
