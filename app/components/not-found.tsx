import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { MESSAGES } from "~/config/constants";
import { PAGE_PATHS } from "~/routing/page-paths";
import { PurchaseButton } from "./cta";

/** Meta of any not-found answer: a title, and no indexing. */
export const NOT_FOUND_META = [{ title: "Page not found | Kavach" }, { name: "robots", content: "noindex" }];

/** The not-found page, rendered inside the site layout for /404 and for any unknown path. */
export function NotFound() {
  return (
    <section className="container status-page">
      <svg
        className="status-page__art"
        width="180"
        height="120"
        viewBox="0 0 180 120"
        aria-hidden="true"
        focusable="false"
      >
        <ellipse cx="90" cy="108" rx="70" ry="8" fill="#e3f4f3" />
        <path d="M90 14 58 26v24c0 21 13.6 39 32 45 18.4-6 32-24 32-45V26L90 14Z" fill="#0b3d5c" />
        <text
          x="90"
          y="67"
          textAnchor="middle"
          fontSize="26"
          fontWeight="800"
          fill="#5eead4"
          fontFamily="system-ui, sans-serif"
        >
          404
        </text>
      </svg>
      <p className="eyebrow">Error 404</p>
      <h1>Page not found</h1>
      <p className="lead">
        We could not find the page you were looking for. It may have moved, or the address may have a typo.
      </p>
      <div className="cta-row cta-row--center">
        <a className="button" href="/">
          Go to the home page
        </a>
        <a className="button button--ghost" href={PAGE_PATHS.benefits}>
          See our benefits
        </a>
      </div>
      <p className="muted small">
        Need help? <a href={PAGE_PATHS.contact}>Contact us</a>.
      </p>
    </section>
  );
}

/**
 * Error boundary for public routes: a 404 shows the not-found page; anything else says the page is
 * unavailable in words (docs/product.md, Errors and outages), never a stack trace.
 */
export function PublicRouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  // In the browser only: on the server, entry.server's handleError has logged it once, with the
  // request's id (docs/decisions/0036).
  if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
  return (
    <section className="container status-page">
      <h1>This page is not available right now</h1>
      <p className="lead">{MESSAGES.serviceDown}</p>
      <div className="cta-row cta-row--center">
        <a className="button button--ghost" href="/">
          Go to the home page
        </a>
        <PurchaseButton />
      </div>
    </section>
  );
}
