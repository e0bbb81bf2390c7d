import type { RequestHandler } from "express";

/**
 * The one gate on input's size (app/validation/input-bounds.ts, handed over by the build's entry
 * module): what is wrong with a set of field names, or null when they are within bounds.
 */
export type FieldsProblem = (names: Iterable<string>) => string | null;

/** The names in a URL's query string, read as URLSearchParams reads them. */
const queryNames = (url: string): Iterable<string> | null => {
  const query = url.indexOf("?");
  return query < 0 ? null : new URLSearchParams(url.slice(query + 1)).keys();
};

/** Any request whose query string is out of bounds is a 400 before anything parses it. */
export function boundedQueries(problem: FieldsProblem): RequestHandler {
  return (req, res, next) => {
    const names = queryNames(req.originalUrl);
    const found = names && problem(names);
    if (!found) return next();
    res.status(400).type("text/plain").send(found);
  };
}

/**
 * The same gate for a request made inside the server (a redirect it follows itself, a page it
 * loads in another's place): a 400 answer instead of the handler's, which never runs.
 */
export function boundedRequests<Context>(
  problem: FieldsProblem,
  handle: (request: Request, context: Context) => Promise<Response>,
): (request: Request, context: Context) => Promise<Response> {
  return async (request, context) => {
    const names = queryNames(request.url);
    const found = names && problem(names);
    if (!found) return handle(request, context);
    return new Response(found, { status: 400, headers: { "Content-Type": "text/plain" } });
  };
}
