import { EXTERNAL } from "~/content/site";

// Apart from cta.tsx, so the header of every hydrated page does not carry the icon set with it.
/** Opens the provider's demo-request page in a new window (docs/product.md, Partner pages: Talk to us, Get A Demo). */
export function DemoLink({
  label = "Talk to us",
  className = "button button--ghost",
}: {
  label?: string;
  className?: string;
}) {
  return (
    <a className={className} href={EXTERNAL.demoRequest} target="_blank" rel="noopener noreferrer">
      {label}
      <span className="visually-hidden"> (opens in a new window)</span>
    </a>
  );
}
