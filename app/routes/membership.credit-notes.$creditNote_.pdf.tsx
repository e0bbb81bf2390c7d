import type { LoaderFunctionArgs } from "@remix-run/node";
import { creditNoteRequest } from "~/membership/documents/tax-documents.server";
import { download } from "~/membership/documents/files.server";
import { getCreditNotePdf } from "~/upstream/tax-documents.server";

/** The credit note PDF, made by the upstream from its stored amounts; only its own admin gets it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { value, id } = await creditNoteRequest(request, params.creditNote, getCreditNotePdf);
  return download(value.bytes, "application/pdf", `${id}.pdf`);
}
