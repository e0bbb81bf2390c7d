import type { LoaderFunctionArgs } from "@remix-run/node";
import { eCardPdf } from "~/cover/files.server";

/** Every e-card of the employee's family, in one PDF. */
export function loader({ request }: LoaderFunctionArgs) {
  return eCardPdf(request, null);
}
