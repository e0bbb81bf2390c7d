import { json } from "@remix-run/node";
import { parseInvoiceId } from "~/upstream/employer.server";
import { ApiError, ApiUnauthorizedError } from "~/upstream/http.server";
import { requireToken, withToken } from "./guard.server";

/**
 * For the invoice routes: the signed-in admin's token and the invoice id from the URL. An id that is
 * not an invoice id, or an invoice of someone else (the API answers 404), is a plain 404 here.
 */
export async function invoiceRequest<T>(
  request: Request,
  rawId: string | undefined,
  call: (token: string, id: string) => Promise<T>,
) {
  const { token, headers } = await requireToken(request);
  const id = parseInvoiceId(rawId);
  if (id === null) throw json({ message: "There is no such invoice." }, { status: 404 });
  const value = await withToken(request, token, async (t) => {
    try {
      return await call(t, id);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404)
        throw json({ message: "There is no such invoice." }, { status: 404 });
      if (error instanceof ApiUnauthorizedError || error instanceof ApiError) throw error;
      throw error;
    }
  });
  return { value, headers, id };
}
