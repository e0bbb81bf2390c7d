import { parseCreditNoteId, parseInvoiceId } from "~/upstream/tax-documents.server";
import { requireToken, withToken } from "~/session/signed-in.server";
import { invariantResponse } from "~/utils/invariant.server";

/**
 * For the routes of a tax document (an invoice or a credit note): the signed-in admin's token and the
 * document's id from the URL. An id that is not one, or a document of someone else (the API answers 404),
 * is a plain 404 here.
 */
async function documentRequest<T>(
  request: Request,
  id: string | null,
  notFound: string,
  call: (token: string, id: string) => Promise<T | null>,
) {
  const { token, headers } = await requireToken(request);
  invariantResponse(id !== null, notFound, { status: 404 });
  const value = await withToken(request, token, (t) => call(t, id));
  invariantResponse(value !== null, notFound, { status: 404 });
  return { value, headers, id };
}

export function invoiceRequest<T>(
  request: Request,
  rawId: string | undefined,
  call: (token: string, id: string) => Promise<T | null>,
) {
  return documentRequest(request, parseInvoiceId(rawId), "There is no such invoice.", call);
}

export function creditNoteRequest<T>(
  request: Request,
  rawId: string | undefined,
  call: (token: string, id: string) => Promise<T | null>,
) {
  return documentRequest(request, parseCreditNoteId(rawId), "There is no such credit note.", call);
}
