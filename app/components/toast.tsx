import { TOAST_MS } from "~/config/constants";

export type ToastKind = "success" | "info" | "warning" | "danger";
export interface Toast {
  kind: ToastKind;
  message: string;
}

/**
 * Toast (docs/product.md, Page behaviour): a message at the top for 3 seconds. Rendered by the server, so it shows without
 * script; a CSS animation hides it after TOAST_MS (no script needed for that either).
 */
export function ToastMessage({ toast }: { toast: Toast }) {
  return (
    <div
      className={`toast toast--${toast.kind}`}
      role={toast.kind === "danger" ? "alert" : "status"}
      style={{ animationDelay: `${TOAST_MS}ms` }}
    >
      {toast.message}
    </div>
  );
}
