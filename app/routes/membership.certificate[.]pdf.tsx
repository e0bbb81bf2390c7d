import type { LoaderFunctionArgs } from "@remix-run/node";
import { download, pdfFromApi } from "~/membership/documents/files.server";
import { getCertificatePdf } from "~/upstream/members.server";

/** The certificate of insurance, made by the API once the policy is issued; 404 before. */
export async function loader({ request }: LoaderFunctionArgs) {
  return download(await pdfFromApi(request, getCertificatePdf), "application/pdf", "certificate-of-insurance.pdf");
}
