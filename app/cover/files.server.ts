import { json } from "@remix-run/node";
import { getClaim, getClaimDocument, getEmployeeECardPdf } from "~/upstream/claims.server";
import { ApiError } from "~/upstream/http.server";
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

/** Another family's file answers 404 upstream, and here alike. */
async function own<T>(request: Request, call: () => Promise<T>): Promise<T> {
  return asEmployee(request, async () => {
    try {
      return await call();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw json({ message: NOT_FOUND }, { status: 404 });
      throw error;
    }
  });
}

const MEMBER_ID = /^[\w-]{1,64}$/;

/** One member's e-card, or (memberId null) the family's. */
export async function eCardPdf(request: Request, memberId: string | null) {
  if (memberId !== null && !MEMBER_ID.test(memberId)) throw json({ message: NOT_FOUND }, { status: 404 });
  const { token } = await requireEmployee(request);
  const file = await own(request, () => getEmployeeECardPdf(token, memberId));
  return download(file.bytes, "application/pdf", memberId === null ? "e-cards.pdf" : `e-card-${memberId}.pdf`);
}

/** A document sent with a reimbursement, to the employee who sent it. */
export async function claimDocument(request: Request, claimId: string, position: number) {
  if (!/^CL-\d{4}-\d{6}$/.test(claimId) || !Number.isInteger(position) || position < 1)
    throw json({ message: NOT_FOUND }, { status: 404 });
  const { token } = await requireEmployee(request);
  const claim = await own(request, () => getClaim(token, claimId));
  const doc = claim.documents.find((d) => d.position === position);
  if (doc === undefined) throw json({ message: NOT_FOUND }, { status: 404 });
  const file = await own(request, () => getClaimDocument(token, claimId, position, doc.content_type));
  return download(file.bytes, doc.content_type, doc.file_name);
}
