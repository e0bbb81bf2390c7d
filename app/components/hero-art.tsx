/**
 * The home hero's illustration, drawn for Kavach: an admin's phone listing the team's e-cards, with
 * the cover's shield beside it. One picture with a title, so readers hear what it shows.
 */
const CARDS = [
  { y: 118, name: "Asha Kulkarni", plan: "Employee + spouse", from: "#0b3d5c", to: "#1d4f91" },
  { y: 194, name: "Dev Malhotra", plan: "Employee only", from: "#0e7c7b", to: "#15a3a1" },
  { y: 270, name: "Rina Shah", plan: "Family", from: "#b4621a", to: "#f2a541" },
];

function ECard({ y, name, plan, from }: (typeof CARDS)[number]) {
  const id = `hero-card-${y}`;
  return (
    <g transform={`translate(150 ${y})`}>
      <rect width="150" height="64" rx="10" fill={`url(#${id})`} />
      <circle cx="22" cy="24" r="11" fill="#fff" opacity=".92" />
      <circle cx="22" cy="21" r="4" fill={from} />
      <path d="M15 31a7 6 0 0 1 14 0" fill={from} />
      <text x="40" y="22" fontSize="11" fontWeight="700" fill="#fff">
        {name}
      </text>
      <text x="40" y="36" fontSize="9" fill="#fff" opacity=".85">
        {plan}
      </text>
      <rect x="12" y="46" width="56" height="8" rx="4" fill="#fff" opacity=".3" />
      <rect x="74" y="46" width="30" height="8" rx="4" fill="#fff" opacity=".3" />
      <text x="138" y="56" fontSize="8" fontWeight="700" fill="#fff" textAnchor="end">
        E-CARD
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
      role="img"
      aria-labelledby="hero-art-title"
      focusable="false"
      fontFamily="system-ui, sans-serif"
    >
      <title id="hero-art-title">An admin&apos;s phone showing the team&apos;s health e-cards, under a shield</title>
      <defs>
        {CARDS.map((c) => (
          <linearGradient key={c.y} id={`hero-card-${c.y}`} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor={c.from} />
            <stop offset="1" stopColor={c.to} />
          </linearGradient>
        ))}
      </defs>
      <circle cx="225" cy="195" r="170" fill="#e3f4f3" />
      <circle cx="396" cy="70" r="18" fill="#f2a541" />
      <circle cx="52" cy="120" r="9" fill="#0e7c7b" opacity=".5" />
      <circle cx="70" cy="300" r="5" fill="#1d4f91" opacity=".4" />

      <g transform="rotate(-9 88 210)">
        <rect x="30" y="176" width="118" height="72" rx="10" fill="#0b3d5c" opacity=".1" transform="translate(4 6)" />
        <rect x="30" y="176" width="118" height="72" rx="10" fill="#fff" />
        <rect x="42" y="190" width="50" height="8" rx="4" fill="#0b3d5c" />
        <rect x="42" y="206" width="84" height="6" rx="3" fill="#d9e2ec" />
        <rect x="42" y="218" width="64" height="6" rx="3" fill="#d9e2ec" />
        <circle cx="130" cy="232" r="8" fill="#e6f6ec" />
        <path d="m126 232 3 3 5-5.5" fill="none" stroke="#117a43" strokeWidth="2" strokeLinecap="round" />
      </g>

      <rect x="140" y="26" width="180" height="340" rx="28" fill="#0b3d5c" opacity=".14" transform="translate(6 8)" />
      <rect x="136" y="20" width="178" height="340" rx="28" fill="#0f1f2e" />
      <rect x="144" y="30" width="162" height="320" rx="21" fill="#f7fafc" />
      <rect x="200" y="38" width="50" height="7" rx="3.5" fill="#0f1f2e" />
      <text x="156" y="72" fontSize="10" fill="#5b6b7b">
        Kavach · Admin
      </text>
      <text x="156" y="92" fontSize="15" fontWeight="700" fill="#0f1f2e">
        Your team
      </text>
      <rect x="248" y="80" width="48" height="18" rx="9" fill="#e6f6ec" />
      <text x="272" y="93" fontSize="9" fontWeight="700" fill="#117a43" textAnchor="middle">
        12 cards
      </text>
      {CARDS.map((c) => (
        <ECard key={c.y} {...c} />
      ))}

      <g transform="translate(300 226)">
        <path
          d="M52 0 0 18v38c0 34 22 60 52 72 30-12 52-38 52-72V18Z"
          fill="#0b3d5c"
          opacity=".15"
          transform="translate(5 7)"
        />
        <path d="M52 0 0 18v38c0 34 22 60 52 72 30-12 52-38 52-72V18Z" fill="#0e7c7b" />
        <path d="M52 12 12 26v30c0 27 17 48 40 58Z" fill="#5eead4" opacity=".35" />
        <path
          d="m33 64 13 13 26-28"
          fill="none"
          stroke="#fff"
          strokeWidth="8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </g>

      <g transform="translate(14 286)">
        <rect y="3" width="144" height="38" rx="19" fill="#0b3d5c" opacity=".1" />
        <rect width="144" height="38" rx="19" fill="#fff" />
        <circle cx="19" cy="19" r="10" fill="#e6f6ec" />
        <path d="m14.5 19 3 3 6-6.5" fill="none" stroke="#117a43" strokeWidth="2.2" strokeLinecap="round" />
        <text x="36" y="24" fontSize="13" fontWeight="600" fill="#0f1f2e">
          Cashless cover
        </text>
      </g>
    </svg>
  );
}
