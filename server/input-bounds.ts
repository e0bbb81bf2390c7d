import type { RequestHandler } from "express";

/**
 * The bounds on every set of named fields a visitor can send, whatever carries them: a form post's
 * body (server/form-body.ts), the query string of any request (pages, their `.data` requests, the
 * embedded API), read here before any router, loader, schema or form parser sees them
 * (docs/product.md, Security rules; docs/decisions/0015).
 *
 * Conform builds an array as long as the largest index it is given (`rows[1000000].count=1`: 45
 * bytes, seconds of CPU and gigabytes), and a loader may hand it a query string as readily as an
 * action hands it a body; so the bound sits where input enters, not in each parser.
 */
export interface InputBounds {
  /** Most fields one request may carry; the largest form has a few dozen. */
  maxFields: number;
  /** Largest `[n]` index in a field name; the people grid has a dozen rows. */
  maxIndex: number;
}

export const INPUT_BOUNDS: InputBounds = { maxFields: 200, maxIndex: 99 };

/** A bracket segment: an index, or a lower-case key (the gateway's `error[metadata][order_id]`); nothing else. */
const SEGMENT = /\[([^\]]*)\]/g;
const KEY_SEGMENT = /^[a-z][a-z_]{0,39}$/;
const INDEX_SEGMENT = /^(0|[1-9][0-9]{0,5})$/;
const MAX_NAME_LENGTH = 200;

/** What is wrong with a set of fields' names, or null when they are within bounds. */
export function inputProblem(fields: URLSearchParams, { maxFields, maxIndex }: InputBounds): string | null {
  let count = 0;
  for (const name of fields.keys()) {
    count += 1;
    if (count > maxFields) return `Too many fields (at most ${maxFields}).`;
    if (name.length > MAX_NAME_LENGTH) return "A field name is too long.";
    for (const [, segment] of name.matchAll(SEGMENT)) {
      if (KEY_SEGMENT.test(segment!)) continue;
      if (!INDEX_SEGMENT.test(segment!) || Number(segment) > maxIndex) return "A field name has an index out of range.";
    }
  }
  return null;
}

/** Any request whose query string is out of bounds is a 400 before anything parses it. */
export function boundedQueries(bounds: InputBounds = INPUT_BOUNDS): RequestHandler {
  return (req, res, next) => {
    const query = req.originalUrl.indexOf("?");
    if (query < 0) return next();
    const problem = inputProblem(new URLSearchParams(req.originalUrl.slice(query + 1)), bounds);
    if (!problem) return next();
    res.status(400).type("text/plain").send(problem);
  };
}
