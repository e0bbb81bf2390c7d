import type { ReactNode } from "react";

/** One line of a description list: its label, then what it says. */
export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
