// The addresses of one membership's documents and changes. Apart from PATHS so that the checkout's
// shared script does not carry them (docs/performance.md, the checkout's script budget).
import { PATHS } from "./paths";

/** One invoice as a page, and as its PDF download. */
export function invoicePath(id: string): string {
  return `${PATHS.membership}/invoices/${encodeURIComponent(id)}`;
}
export function invoicePdfPath(id: string): string {
  return `${invoicePath(id)}/pdf`;
}

/** One credit note as a page, and as its PDF download. */
export function creditNotePath(id: string): string {
  return `${PATHS.membership}/credit-notes/${encodeURIComponent(id)}`;
}
export function creditNotePdfPath(id: string): string {
  return `${creditNotePath(id)}/pdf`;
}

/** One member's e-card as a PDF. */
export function eCardPdfPath(memberId: string): string {
  return `${PATHS.members}/${encodeURIComponent(memberId)}/e-card.pdf`;
}

/** One change's price, with its confirm form; then what it did. */
export function changePath(changeId: string): string {
  return `${PATHS.changes}/${encodeURIComponent(changeId)}`;
}

/** A page of the member list. */
export function membersPagePath(page: number): string {
  return page > 1 ? `${PATHS.members}?page=${page}` : PATHS.members;
}

/** A member's correction form (docs/product.md, Corrections). */
export function memberEditPath(memberId: string): string {
  return `${PATHS.members}/${encodeURIComponent(memberId)}/edit`;
}

/** The changes page with a form prefilled for one employee, chosen from the members list. */
export function changeForPath(form: "remove" | "family", memberId: string): string {
  return `${PATHS.changes}?${form === "remove" ? "leaver" : "family"}=${encodeURIComponent(memberId)}#${form}-title`;
}
