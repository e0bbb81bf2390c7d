import { Form, isRouteErrorResponse, useActionData, useLocation, useRouteError } from "@remix-run/react";
import { MESSAGES } from "~/config/constants";
import { PATHS } from "~/routing/paths";

/** Conform's reply keeps the submitted values as a nested object: flatten them back to field names. */
function fieldEntries(value: unknown, prefix = ""): Array<[string, string]> {
  if (typeof value === "string") return prefix ? [[prefix, value]] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => fieldEntries(v, `${prefix}[${i}]`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, v]) => fieldEntries(v, prefix ? `${prefix}.${key}` : key));
  }
  return [];
}

/**
 * An upstream failure while a step loads shows the generic message inside the page (docs/product.md, Errors and outages). When
 * it struck right after the admin posted the step's form, what they typed comes back as a form that
 * sends it again, so nothing is lost (a one-time code is never in it: replies hide it).
 */
export function StepErrorBoundary() {
  const error = useRouteError();
  const submitted = useActionData<{ initialValue?: unknown } | undefined>();
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === "string" ? error.data.message : MESSAGES.serviceDown;
  // In the browser only: on the server, entry.server's handleError has logged it once, with the
  // request's id (docs/decisions/0036).
  if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
  const kept = fieldEntries(submitted?.initialValue);
  const location = useLocation();
  return (
    <div className="container checkout">
      <section className="card checkout-main" role="alert">
        <h1>We could not load this step</h1>
        <p>{message}</p>
        {kept.length ? (
          <Form method="post" reloadDocument>
            <p className="muted">We kept what you entered; send it again once the service is back.</p>
            {kept.map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <button type="submit" className="button">
              Send again
            </button>
          </Form>
        ) : (
          <p>
            <a className="button" href={`${location.pathname}${location.search}`}>
              Try again
            </a>{" "}
            <a className="button button--ghost" href={PATHS.home}>
              Home
            </a>
          </p>
        )}
      </section>
    </div>
  );
}
