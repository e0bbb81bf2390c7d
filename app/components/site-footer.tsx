import { COPYRIGHT_YEAR } from "~/constants";
import { CORPORATE, EXTERNAL } from "~/content/site";

/** Spec §1 footer: information and legal links, four social networks, address, copyright. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div>
          <p className="site-footer__brand">Kavach</p>
          <address>
            {CORPORATE.legalName}
            <br />
            {CORPORATE.address.map((line) => (
              <span key={line}>
                {line}
                <br />
              </span>
            ))}
          </address>
        </div>
        <nav aria-label="Information">
          <h2>Information</h2>
          <ul>
            <li><a href="/about-us">About Us</a></li>
            <li><a href={EXTERNAL.blog}>Blog</a></li>
            <li><a href="/contact-us">Contact Us</a></li>
            <li><a href={EXTERNAL.faq}>FAQ</a></li>
            <li><a href={EXTERNAL.careers}>Careers</a></li>
          </ul>
        </nav>
        <nav aria-label="Legal">
          <h2>Legal</h2>
          <ul>
            <li><a href="/terms-of-use">Terms &amp; Conditions</a></li>
            <li><a href={EXTERNAL.privacyPolicy}>Privacy Policy</a></li>
          </ul>
        </nav>
        <nav aria-label="Social">
          <h2>Follow us</h2>
          <ul>
            {EXTERNAL.social.map((s) => (
              <li key={s.name}>
                <a href={s.href} rel="noopener noreferrer">{s.name}</a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="container site-footer__copy">© {COPYRIGHT_YEAR} {CORPORATE.legalName}. All rights reserved.</p>
    </footer>
  );
}
