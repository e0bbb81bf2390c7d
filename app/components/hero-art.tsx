/** The home hero's illustration: a plan card with a covered team. Decorative, so hidden from readers. */
const MEMBERS = [
  { y: 176, colour: "#f2a541", width: 112 },
  { y: 222, colour: "#0e7c7b", width: 92 },
  { y: 268, colour: "#1d4f91", width: 124 },
];

function Chip({ x, y, label, width }: { x: number; y: number; label: string; width: number }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <rect y="3" width={width} height="42" rx="21" fill="#0b3d5c" opacity=".1" />
      <rect width={width} height="42" rx="21" fill="#fff" />
      <circle cx="21" cy="21" r="11" fill="#e6f6ec" />
      <path
        d="m16 21 3.5 3.5 6.5-7"
        fill="none"
        stroke="#117a43"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <text x="40" y="26" fontSize="14" fontWeight="600" fill="#0f1f2e">
        {label}
      </text>
    </g>
  );
}

export function HeroArt() {
  return (
    <svg
      className="hero-art"
      viewBox="0 0 440 380"
      width="440"
      height="380"
      aria-hidden="true"
      focusable="false"
      fontFamily="system-ui, sans-serif"
    >
      <circle cx="240" cy="190" r="168" fill="#e3f4f3" />
      <circle cx="392" cy="62" r="22" fill="#f2a541" />
      <circle cx="60" cy="96" r="10" fill="#0e7c7b" opacity=".5" />
      <rect x="104" y="80" width="250" height="252" rx="22" fill="#0b3d5c" opacity=".1" />
      <rect x="96" y="70" width="250" height="252" rx="22" fill="#fff" />
      <path d="M96 92a22 22 0 0 1 22-22h206a22 22 0 0 1 22 22v56H96Z" fill="#0b3d5c" />
      <text x="120" y="104" fontSize="12" fill="#9fc1d6">
        Group health plan
      </text>
      <text x="120" y="130" fontSize="21" fontWeight="700" fill="#fff">
        Kavach Plus
      </text>
      <path d="M308 84 292 90v11c0 10 6.8 18 16 21 9.2-3 16-11 16-21V90l-16-6Z" fill="#5eead4" />
      <path
        d="m301 103 5 5 9-9.5"
        fill="none"
        stroke="#0b3d5c"
        strokeWidth="2.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      {MEMBERS.map((m) => (
        <g key={m.y}>
          <circle cx="130" cy={m.y} r="15" fill={m.colour} />
          <circle cx="130" cy={m.y - 4} r="5.5" fill="#fff" opacity=".9" />
          <path d={`M121 ${m.y + 10}a9 8 0 0 1 18 0`} fill="#fff" opacity=".9" />
          <rect x="156" y={m.y - 10} width={m.width} height="9" rx="4.5" fill="#d9e2ec" />
          <rect x="156" y={m.y + 5} width="64" height="7" rx="3.5" fill="#eef2f6" />
          <circle cx="316" cy={m.y} r="12" fill="#e6f6ec" />
          <path
            d={`m310.5 ${m.y} 3.8 3.8 6.7-7`}
            fill="none"
            stroke="#117a43"
            strokeWidth="2.4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </g>
      ))}
      <Chip x={12} y={196} width={158} label="Cashless cover" />
      <Chip x={262} y={306} width={164} label="Day-one benefits" />
    </svg>
  );
}
