import { getClaim, getClaimDocument, getEmployeeECardPdf } from "~/upstream/claims.server";
import { invariantResponse } from "~/utils/invariant.server";
import { asEmployee, requireEmployee } from "./session.server";

/** The employee's files: kept by no cache, a browser's or a shared one (docs/product.md, Personal data). */
function download(bytes: Uint8Array, type: string, filename: string) {
  const body = new Uint8Array(bytes);
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": type,
      "Content-Disposition": `attachment; filename="${filename.replace(/[^\w.-]+/g, "_")}"`,
      "Content-Length": String(body.length),
      "Cache-Control": "private, no-store",
    },
  });
}

const NOT_FOUND = "There is no such document in your cover.";

const MEMBER_ID = /^[\w-]{1,64}$/;

/** One member's e-card, or (memberId null) the family's. */
export async function eCardPdf(request: Request, memberId: string | null) {
  invariantResponse(memberId === null || MEMBER_ID.test(memberId), NOT_FOUND, { status: 404 });
  const { token } = await requireEmployee(request);
  // Another family's member answers 404 upstream, and here alike.
  const file = await asEmployee(request, () => getEmployeeECardPdf(token, memberId));
  invariantResponse(file, NOT_FOUND, { status: 404 });
  return download(file.bytes, "application/pdf", memberId === null ? "e-cards.pdf" : `e-card-${memberId}.pdf`);
}

/** A document sent with a reimbursement, to the employee who sent it. */
export async function claimDocument(request: Request, claimId: string, position: number) {
  invariantResponse(/^CL-\d{4}-\d{6}$/.test(claimId) && Number.isInteger(position) && position > 0, NOT_FOUND, {
    status: 404,
  });
  const { token } = await requireEmployee(request);
  const claim = await asEmployee(request, () => getClaim(token, claimId));
  const doc = claim?.documents.find((d) => d.position === position);
  invariantResponse(doc, NOT_FOUND, { status: 404 });
  const file = await asEmployee(request, () => getClaimDocument(token, claimId, position, doc.content_type));
  invariantResponse(file, NOT_FOUND, { status: 404 });
  return download(file.bytes, doc.content_type, doc.file_name);
}
