import type { ReactNode } from "react";

/**
 * A wide table's own sideways scroller at phone widths. Named and focusable, so a keyboard can scroll
 * it too (axe: scrollable-region-focusable).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
