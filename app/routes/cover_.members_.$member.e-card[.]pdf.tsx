import type { LoaderFunctionArgs } from "@remix-run/node";
import { eCardPdf } from "~/cover/files.server";

/** One member's e-card; a member of another family is a 404, as an unknown one. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return eCardPdf(request, params.member ?? "");
}
