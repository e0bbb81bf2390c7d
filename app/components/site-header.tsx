import { Form, Link, useLocation, useMatches } from "@remix-run/react";
import type { CSSProperties } from "react";
import { PAGE_PATHS, PAGE_VARIANTS, partnershipPath, productPath } from "~/routing/page-paths";
import { MEMBERSHIP_LABEL, PURCHASE_LABEL } from "~/content/site";
import { PATHS } from "~/routing/paths";
import { DemoLink } from "./demo-link";

function Logo() {
  return (
    <Link to="/" className="logo" aria-label="Kavach home" reloadDocument>
      <svg width="28" height="32" viewBox="0 0 28 32" aria-hidden="true">
        <path d="M14 1 2 5.5v9.2C2 22.6 7.1 28.6 14 31c6.9-2.4 12-8.4 12-16.3V5.5L14 1Z" fill="#0b3d5c" />
        <path
          d="m8.5 16 4 4 7-8"
          fill="none"
          stroke="#5eead4"
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span>Kavach</span>
    </Link>
  );
}

/**
 * The header's sections and the pages each covers (docs/product.md, Public pages). The section the
 * visitor is in is marked `aria-current`: "page" on its own page, "true" on a page inside it. Pages
 * in no section (the legal pages, contact, the checkout) mark none.
 */
const NAV = [
  { label: "Benefits", href: PAGE_PATHS.benefits, within: [productPath("")] },
  { label: "Reviews", href: PAGE_PATHS.reviews, within: [] },
  { label: "Partners", href: PAGE_PATHS.partner, within: [partnershipPath("")] },
  { label: "About", href: PAGE_PATHS.about, within: PAGE_VARIANTS.about },
] as const;

function currentFor(pathname: string, item: (typeof NAV)[number]): "page" | "true" | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === item.href) return "page";
  return item.within.some((prefix: string) => path === prefix || path.startsWith(prefix)) ? "true" : undefined;
}

/** A partner landing page's brand in the header (docs/product.md, Partner pages: partner logo and Talk to us). */
export interface Cobrand {
  name: string;
  logoUrl: string;
  purchaseLabel: string;
  /** Verify-phone with the partner's attribution. */
  purchaseHref: string;
  style: CSSProperties;
}

/** Routes that co-brand the header export `handle: SiteHeaderHandle`; the header asks them. */
export interface SiteHeaderHandle {
  cobrand?: (data: unknown) => Cobrand | undefined;
}

function useCobrand(): Cobrand | undefined {
  const matches = useMatches();
  for (const match of matches) {
    const cobrand = (match.handle as SiteHeaderHandle | undefined)?.cobrand?.(match.data);
    if (cobrand) return cobrand;
  }
  return undefined;
}

/**
 * `purchase`: where the purchase button takes a signed-in admin (the first unfinished step, or the
 * membership once paid, when it says "Your membership"), read by the root loader; null inside the
 * checkout, where the stepper leads on and the header shows no purchase button (docs/product.md,
 * Users and roles). Signed out, a returning admin finds "Sign in" beside it (docs/product.md, Signing
 * in again), except on the sign-in page itself, on a partner's co-branded header, and in the checkout,
 * whose first step is the same code.
 */
export function SiteHeader({
  signedIn,
  purchase,
}: {
  signedIn: boolean;
  purchase: { href: string; member: boolean } | null;
}) {
  const cobrand = useCobrand();
  const { pathname } = useLocation();
  const member = signedIn && purchase?.member === true;
  const inCheckout = useMatches().some((match) => match.id === "routes/checkout");
  return (
    <header className={`site-header${cobrand ? " site-header--cobrand" : ""}`} style={cobrand?.style}>
      <div className="container site-header__bar">
        <Logo />
        {cobrand ? (
          <span className="cobrand">
            <span aria-hidden="true">×</span>
            {/* Plain img: the header is above the fold, so there is nothing to defer. */}
            <img src={cobrand.logoUrl} alt={cobrand.name} width="143" height="40" />
          </span>
        ) : (
          <nav aria-label="Main" className="site-nav">
            {NAV.map((item) => (
              <a key={item.href} href={item.href} aria-current={currentFor(pathname, item)}>
                {item.label}
              </a>
            ))}
          </nav>
        )}
        <div className="site-header__actions">
          {signedIn ? (
            <Form method="post" action={PATHS.logout} reloadDocument>
              <button type="submit" className="button button--ghost">
                Sign out
              </button>
            </Form>
          ) : inCheckout || cobrand || pathname === PATHS.signIn ? null : (
            <a href={PATHS.signIn} className="button button--ghost button--small">
              Sign in
            </a>
          )}
          {cobrand ? <DemoLink className="button button--ghost button--small" /> : null}
          {inCheckout ? null : (
            // Signed in, it leads to where the admin is, and once paid it says so. Without a known
            // place (a page loaded client-side), the membership finds the first unfinished step.
            <a
              href={signedIn ? (purchase?.href ?? PATHS.membership) : (cobrand?.purchaseHref ?? PATHS.checkout.verify)}
              className={`button button--small${cobrand ? " partner__button" : ""}`}
            >
              {member ? MEMBERSHIP_LABEL : (cobrand?.purchaseLabel ?? PURCHASE_LABEL)}
            </a>
          )}
        </div>
      </div>
    </header>
  );
}
