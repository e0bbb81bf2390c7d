/**
 * The public site's line icons: one 24×24 path each, drawn with currentColor so a parent sets the
 * colour. Inline, so no image request and no external host.
 */
const ICONS = {
  shield: "M12 2.5 4.5 5.5v6c0 4.8 3.2 8.6 7.5 10 4.3-1.4 7.5-5.2 7.5-10v-6L12 2.5Zm-3.2 9.5 2.3 2.3 4.4-4.6",
  umbrella: "M12 3a9 9 0 0 0-9 9h18a9 9 0 0 0-9-9Zm0 9v6.5a2 2 0 0 0 4 0",
  stethoscope: "M5 3H4v6a5 5 0 0 0 10 0V3h-1M9 14v1a5.5 5.5 0 0 0 11 0v-3m2-2a2 2 0 1 1-4 0 2 2 0 0 1 4 0Z",
  pill: "M10.5 20.5a5 5 0 0 1-7-7l6-6a5 5 0 0 1 7 7l-6 6Zm-2-12 7 7",
  clipboard: "M9 3h6v3H9zM8 4.5H6a1 1 0 0 0-1 1V20a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V5.5a1 1 0 0 0-1-1h-2M9 14l2 2 4-4",
  activity: "M3 12h4l3-8 4 16 3-8h4",
  doctor: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-8 9a8 8 0 0 1 16 0M19 1.5v5M16.5 4h5",
  users: "M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 10a7 7 0 0 1 14 0M16 3.5a4 4 0 0 1 0 7.5m6 10a7 7 0 0 0-4-6.3",
  phone: "M8 2h8a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2Zm3 16h2",
  mail: "M3 5h18v14H3zm0 1 9 7 9-7",
  pin: "M12 22s7-6.2 7-12a7 7 0 0 0-14 0c0 5.8 7 12 7 12Zm0-9.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z",
  clock: "M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20Zm0-16v6l4 2",
  rupee: "M6 4h12M6 9h12M9 4c7 0 7 10 0 10H6l9 7",
  building: "M4 21V5l8-3v19m0-13h8v13M2 21h20M7 8h2m-2 4h2m-2 4h2m6-4h2m-2 4h2",
  headset: "M4 15v-3a8 8 0 0 1 16 0v3M4 14h3v6H5a1 1 0 0 1-1-1v-5Zm16 0h-3v6h2a1 1 0 0 0 1-1v-5Z",
  zap: "M13 2 4 14h7l-1 8 9-12h-7l1-8Z",
  lock: "M6 11h12v10H6zm2 0V7a4 4 0 0 1 8 0v4",
  file: "M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8l-6-6Zm0 0v6h6M8 13h8m-8 4h5",
  link: "M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1",
  trend: "m3 17 6-6 4 4 8-8m-6 0h6v6",
  hospital: "M4 21V7l8-4 8 4v14M2 21h20M12 8v6m-3-3h6",
  repeat: "M21 12a9 9 0 0 1-15.5 6.3L3 16m0-4a9 9 0 0 1 15.5-6.3L21 8m0-5v5h-5M3 21v-5h5",
  check: "m5 12.5 4.5 4.5L19 7.5",
  cross: "M6 6l12 12M18 6 6 18",
  arrow: "M5 12h14m-6-6 6 6-6 6",
  star: "m12 2.5 2.9 6 6.6.8-4.9 4.5 1.3 6.5L12 17l-5.9 3.3 1.3-6.5-4.9-4.5 6.6-.8L12 2.5Z",
} as const;

export type IconName = keyof typeof ICONS;

export function Icon({ name, size = 24, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : "icon"}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={ICONS[name]} />
    </svg>
  );
}
