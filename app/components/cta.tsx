import { EXTERNAL, PURCHASE_LABEL } from "~/content/site";
import { PATHS } from "~/paths";
import { Icon } from "./icons";

/** The purchase button (docs/product.md, Partner pages: the caller passes Buy Now on named partner pages). */
export function PurchaseButton({ label = PURCHASE_LABEL, className = "button" }: { label?: string; className?: string }) {
  return (
    <a className={className} href={PATHS.checkout.verify}>
      {label}
      <Icon name="arrow" size={18} />
    </a>
  );
}

/** Opens the provider's demo-request page in a new window (docs/product.md, Partner pages: Talk to us, Get A Demo). */
export function DemoLink({ label = "Talk to us", className = "button button--ghost" }: { label?: string; className?: string }) {
  return (
    <a className={className} href={EXTERNAL.demoRequest} target="_blank" rel="noopener noreferrer">
      {label}
      <span className="visually-hidden"> (opens in a new window)</span>
    </a>
  );
}
