import { membersPagePath } from "~/routing/membership-paths";

/** The member list's pages: first, last, and the ones either side of this one. */
export function MemberPages({ page, pages }: { page: number; pages: number }) {
  const shown = [...new Set([1, page - 1, page, page + 1, pages])].filter((p) => p >= 1 && p <= pages);
  return (
    <nav className="pagination" aria-label="Pages of the member list">
      {page > 1 ? (
        <a href={membersPagePath(page - 1)} rel="prev">
          Previous
        </a>
      ) : null}
      {shown.map((p) =>
        p === page ? (
          <span key={p} aria-current="page">
            {p}
          </span>
        ) : (
          <a key={p} href={membersPagePath(p)}>
            {p}
          </a>
        ),
      )}
      {page < pages ? (
        <a href={membersPagePath(page + 1)} rel="next">
          Next
        </a>
      ) : null}
    </nav>
  );
}
