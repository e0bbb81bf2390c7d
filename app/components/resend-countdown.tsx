import { useEffect, useState } from "react";

/**
 * The one-time-code page's "ask again in N s" (docs/product.md, One-time code): the server says how
 * many seconds are left when it renders; on a hydrated page React counts them down from there and
 * drops the line once the wait is over. No clock is read while rendering, so the browser's first
 * render matches the server's.
 */
export function ResendCountdown({ seconds }: { seconds: number }) {
  const [left, setLeft] = useState(seconds);
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
    <span hidden={left === 0}>
      You can ask again in <span>{left}</span> s.
    </span>
  );
}
