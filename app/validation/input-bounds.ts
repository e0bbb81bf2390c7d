/**
 * The bounds on every set of named fields a visitor can send, whatever carries them: a form post's
 * body, the query string of any request (pages, their `.data` requests, the embedded API, a
 * redirect the server follows itself), and again in the app wherever a form parser reads fields
 * (docs/product.md, Security rules; docs/decisions/0015 and 0040).
 *
 * Conform builds an array as long as the largest index it is given (`rows[1000000].count=1`: 45
 * bytes, seconds of CPU and gigabytes), and a loader may hand it a query string as readily as an
 * action hands it a body; so the bound sits where input enters, and where it is parsed.
 *
 * Plain code with no imports: the server is handed it by the build's entry module.
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
export function inputProblem(
  names: Iterable<string>,
  { maxFields, maxIndex }: InputBounds = INPUT_BOUNDS,
): string | null {
  let count = 0;
  for (const name of names) {
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
