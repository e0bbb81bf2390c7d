/**
 * Full-screen loader (docs/product.md, Page behaviour): an animated shield over the page while a navigation or a slow
 * submission is under way. The animation is CSS (site.css) and stops for reduced-motion users.
 */
export function FullScreenLoader({ label = "Loading, please wait" }: { label?: string }) {
  return (
    <div className="fs-loader" role="status" aria-live="polite">
      <svg className="fs-loader__art" width="88" height="88" viewBox="0 0 88 88" aria-hidden="true" focusable="false">
        <circle cx="44" cy="44" r="40" fill="none" stroke="#d9e2ec" strokeWidth="5" />
        <circle
          className="fs-loader__ring"
          cx="44"
          cy="44"
          r="40"
          fill="none"
          stroke="#0e7c7b"
          strokeWidth="5"
          strokeLinecap="round"
          strokeDasharray="70 182"
        />
        <path
          className="fs-loader__shield"
          d="M44 20 28 26v12c0 10.5 6.8 19.5 16 22.5 9.2-3 16-12 16-22.5V26l-16-6Z"
          fill="#0b3d5c"
        />
        <path
          className="fs-loader__check"
          d="m36.5 41 5.5 5.5 10-10.5"
          fill="none"
          stroke="#5eead4"
          strokeWidth="3.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
