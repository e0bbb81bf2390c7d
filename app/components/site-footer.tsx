import { COPYRIGHT_YEAR } from "~/constants";
import { PAGE_PATHS } from "~/content/page-paths";
import { BIMA_BHAROSA, CORPORATE, EXTERNAL } from "~/content/site";

/**
 * docs/product.md, Public pages: information and legal links, four social networks, address, copyright; plus the
 * product pages, so every public page is a link or two from any other.
 */
export function SiteFooter({ year, sample }: { year: number; sample: boolean }) {
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
        <nav aria-label="Product">
          <h2>Product</h2>
          <ul>
            <li>
              <a href={PAGE_PATHS.benefits}>Benefits</a>
            </li>
            <li>
              <a href={PAGE_PATHS.comparison}>Compare</a>
            </li>
            <li>
              <a href={PAGE_PATHS.reviews}>Reviews</a>
            </li>
            <li>
              <a href={PAGE_PATHS.app}>Get the app</a>
            </li>
            <li>
              <a href={PAGE_PATHS.partner}>Partner with us</a>
            </li>
          </ul>
        </nav>
        <nav aria-label="Information">
          <h2>Information</h2>
          <ul>
            <li>
              <a href={PAGE_PATHS.about}>About Us</a>
            </li>
            <li>
              <a href={EXTERNAL.blog}>Blog</a>
            </li>
            <li>
              <a href={PAGE_PATHS.contact}>Contact Us</a>
            </li>
            <li>
              <a href={EXTERNAL.faq}>FAQ</a>
            </li>
            <li>
              <a href={EXTERNAL.careers}>Careers</a>
            </li>
          </ul>
        </nav>
        <nav aria-label="Legal">
          <h2>Legal</h2>
          <ul>
            <li>
              <a href={PAGE_PATHS.terms}>Terms &amp; Conditions</a>
            </li>
            <li>
              <a href={EXTERNAL.privacyPolicy}>Privacy Policy</a>
            </li>
          </ul>
        </nav>
        <nav aria-label="Social">
          <h2>Follow us</h2>
          <ul>
            {EXTERNAL.social.map((s) => (
              <li key={s.name}>
                <a href={s.href} rel="noopener noreferrer">
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="container site-footer__legal">
        <p data-testid="licence-line">
          {CORPORATE.legalName} is registered with IRDAI as a {CORPORATE.licence.kind}, Reg. No.{" "}
          {CORPORATE.licence.registrationNo}, valid till {CORPORATE.licence.validTill}
          {sample ? " (sample data)" : ""}. Insurance is the subject matter of solicitation.
        </p>
        <p data-testid="grievance-contact">
          Grievances: write to <a href={`mailto:${CORPORATE.grievance.email}`}>{CORPORATE.grievance.email}</a> or call{" "}
          <a href={CORPORATE.grievance.phoneHref}>{CORPORATE.grievance.phone}</a>; if we have not resolved it within 14
          days, IRDAI’s <a href={BIMA_BHAROSA}>Bima Bharosa</a>.
        </p>
      </div>
      {/* The spec's first year beside the server's current one (docs/product.md, Public pages). */}
      <p className="container site-footer__copy">
        © {year > COPYRIGHT_YEAR ? `${COPYRIGHT_YEAR}–${year}` : COPYRIGHT_YEAR} {CORPORATE.legalName}. All rights
        reserved.
      </p>
    </footer>
  );
}
