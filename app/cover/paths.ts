import { PATHS } from "~/routing/paths";

/** A claim's own page: where it stands, step by step. */
export function claimPath(claimId: string): string {
  return `${PATHS.cover.home}/claims/${encodeURIComponent(claimId)}`;
}

export function claimDocumentPath(claimId: string, position: number): string {
  return `${claimPath(claimId)}/documents/${position}`;
}

export function memberECardPath(memberId: string): string {
  return `${PATHS.cover.home}/members/${encodeURIComponent(memberId)}/e-card.pdf`;
}

/** A page of a hospital search, with the same query. */
export function hospitalsHref(q: { place: string; name: string; cashless?: string }, page: number): string {
  const params = new URLSearchParams();
  if (q.place) params.set("place", q.place);
  if (q.name) params.set("name", q.name);
  if (q.cashless) params.set("cashless", q.cashless);
  if (page > 1) params.set("page", String(page));
  return `${PATHS.hospitals}?${params}`;
}
