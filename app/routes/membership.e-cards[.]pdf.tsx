import type { LoaderFunctionArgs } from "@remix-run/node";
import { download, pdfFromApi } from "~/membership/documents/files.server";
import { getAllECardsPdf } from "~/upstream/members.server";

/** Every member's e-card in one PDF, once the policy is issued. */
export async function loader({ request }: LoaderFunctionArgs) {
  return download(await pdfFromApi(request, getAllECardsPdf), "application/pdf", "e-cards.pdf");
}
