// Small helpers for the sandbox's server-rendered pages (no templating library for two pages).

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** ₹ with Indian digit grouping (1,23,45,678), paise shown only when there are any. */
export function formatRupees(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const digits = String(rupees);
  const last3 = digits.slice(-3);
  const lead = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ",");
  const grouped = lead ? `${lead},${last3}` : last3;
  return `₹${grouped}${rest === 0 ? "" : `.${String(rest).padStart(2, "0")}`}`;
}

const PAGE_STYLE = `
  body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0; background: #f4f6f8; color: #1c2430; }
  *, *::before, *::after { box-sizing: border-box; }
  main { max-width: 40rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 12px; box-shadow: 0 1px 4px rgba(0,0,0,.08); overflow-wrap: anywhere; }
  @media (max-width: 42rem) { main { margin: 0; border-radius: 0; padding: 1rem; } }
  h1 { font-size: 1.4rem; margin: 0 0 .5rem; }
  .note { background: #fff7e0; border: 1px solid #f0d48a; padding: .6rem .8rem; border-radius: 8px; font-size: .9rem; }
  dl { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: .4rem 1rem; }
  dt { color: #5b6675; } dd { margin: 0; font-weight: 600; }
  form { margin: .6rem 0; }
  button { font: inherit; padding: .7rem 1.2rem; border-radius: 8px; border: 1px solid #1d4ed8; cursor: pointer; min-width: min(16rem, 100%); max-width: 100%; }
  :focus-visible { outline: 3px solid #1c2430; outline-offset: 2px; }
  .primary { background: #1d4ed8; color: #fff; } .secondary { background: #fff; color: #1d4ed8; }
  table { width: 100%; border-collapse: collapse; font-size: .9rem; }
  th, td { text-align: left; padding: .5rem; border-bottom: 1px solid #e3e7ec; vertical-align: top; }
  label { display: block; margin: .8rem 0 .3rem; }
  input[type=text] { max-width: 100%; font: inherit; padding: .5rem; border: 1px solid #9aa4b1; border-radius: 6px; }
  h2 { font-size: 1.15rem; margin: 1.6rem 0 .5rem; }
  .email { border: 1px solid #e3e7ec; border-radius: 8px; padding: .6rem .9rem; margin: .6rem 0; }
  .email h3 { font-size: 1rem; margin: 0; } .meta { color: #5b6675; font-size: .85rem; margin: .2rem 0; }
  pre { white-space: pre-wrap; font: inherit; font-size: .9rem; }
`;

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}
