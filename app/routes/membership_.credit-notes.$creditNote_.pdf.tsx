import type { LoaderFunctionArgs } from "@remix-run/node";
import { creditNoteRequest } from "~/checkout/invoice.server";
import { getCreditNotePdf } from "~/upstream/employer.server";

/** The credit note PDF, made by the upstream from its stored amounts; only its own admin gets it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { value, id } = await creditNoteRequest(request, params.creditNote, getCreditNotePdf);
  return new Response(new Uint8Array(value.bytes), {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${id}.pdf"`,
      "Content-Length": String(value.bytes.length),
      "Cache-Control": "private, no-store",
    },
  });
}
