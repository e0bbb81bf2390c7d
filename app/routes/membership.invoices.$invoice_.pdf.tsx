import type { LoaderFunctionArgs } from "@remix-run/node";
import { invoiceRequest } from "~/membership/documents/tax-documents.server";
import { download } from "~/membership/documents/files.server";
import { getInvoicePdf } from "~/upstream/tax-documents.server";

/** The tax invoice PDF, made by the upstream from its stored amounts; only its own admin gets it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { value, id } = await invoiceRequest(request, params.invoice, getInvoicePdf);
  return download(value.bytes, "application/pdf", `${id}.pdf`);
}
