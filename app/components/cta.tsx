import { PURCHASE_LABEL } from "~/content/site";
import { PATHS } from "~/routing/paths";
import { Icon } from "./icons";

/** The purchase button (docs/product.md, Partner pages: the caller passes Buy Now on named partner pages). */
export function PurchaseButton({
  label = PURCHASE_LABEL,
  className = "button",
}: {
  label?: string;
  className?: string;
}) {
  return (
    <a className={className} href={PATHS.checkout.verify}>
      {label}
      <Icon name="arrow" size={18} />
    </a>
  );
}
