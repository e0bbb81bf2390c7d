import type { ReactNode } from "react";
import { useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

/**
 * The one-time-code page's "Send a new code" (docs/product.md, One-time code). The wait before a new
 * code is information, not an error: while it runs the button is disabled and says how long is left.
 * The server says how many seconds are left when it renders; on a hydrated page React counts them
 * down from there and enables the button once the wait is over. Without script the page, reloaded,
 * renders it enabled. No clock is read while rendering, so the browser's first render matches the
 * server's.
 */
export function ResendControl({ seconds, children }: { seconds: number; children: (waiting: boolean) => ReactNode }) {
  const [left, setLeft] = useState(seconds);
  const hydrated = useHydrated();
  useEffect(() => {
    setLeft(seconds);
    if (seconds <= 0) return;
    const endsAt = performance.now() + seconds * 1000;
    const timer = window.setInterval(() => {
      const now = Math.max(0, Math.ceil((endsAt - performance.now()) / 1000));
      setLeft(now);
      if (now === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds]);
  return (
    <>
      <span className="muted small" role="status" data-testid="resend-wait">
        {left > 0
          ? `Didn’t get it? You can ask for a new code in ${left} s${hydrated ? "." : "; reload this page then."}`
          : "Didn’t get it?"}
      </span>{" "}
      {children(left > 0)}
    </>
  );
}
