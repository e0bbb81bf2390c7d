import type { LoaderFunctionArgs } from "@remix-run/node";
import { claimDocument } from "~/cover/files.server";

/** A reimbursement's document, to its own employee only; anyone else's is a 404. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return claimDocument(request, params.claim ?? "", Number(params.position));
}
