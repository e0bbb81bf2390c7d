import { Form, Link } from "@remix-run/react";
import { PATHS } from "~/paths";

function Logo() {
  return (
    <Link to="/" className="logo" aria-label="Kavach home">
      <svg width="28" height="32" viewBox="0 0 28 32" aria-hidden="true">
        <path d="M14 1 2 5.5v9.2C2 22.6 7.1 28.6 14 31c6.9-2.4 12-8.4 12-16.3V5.5L14 1Z" fill="#0b3d5c" />
        <path d="m8.5 16 4 4 7-8" fill="none" stroke="#5eead4" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span>Kavach</span>
    </Link>
  );
}

export function SiteHeader({ signedIn }: { signedIn: boolean }) {
  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <Logo />
        <nav aria-label="Main" className="site-nav">
          <a href="/employee-healthcare-benefits">Benefits</a>
          <a href="/reviews">Reviews</a>
          <a href="/partner">Partners</a>
          <a href="/about-us">About</a>
        </nav>
        <div className="site-header__actions">
          {signedIn ? (
            <Form method="post" action={PATHS.logout} reloadDocument>
              <button type="submit" className="button button--ghost">Sign out</button>
            </Form>
          ) : null}
          <a href={PATHS.checkout.verify} className="button button--small">
            {signedIn ? "Continue" : "Purchase now"}
          </a>
        </div>
      </div>
    </header>
  );
}
