import type { LoaderFunctionArgs } from "@remix-run/node";
import { NO_SUCH_DOCUMENT, download, pdfFromApi } from "~/membership/documents/files.server";
import { getECardPdf, parseMemberId } from "~/upstream/members.server";
import { invariantResponse } from "~/utils/invariant.server";

/** One member's e-card; another company's member id is a 404, as an unknown one. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = parseMemberId(params.member);
  invariantResponse(id !== null, NO_SUCH_DOCUMENT, { status: 404 });
  return download(await pdfFromApi(request, (t) => getECardPdf(t, id)), "application/pdf", `e-card-${id}.pdf`);
}
