import { COPYRIGHT_YEAR } from "~/config/constants";
import { PAGE_PATHS } from "~/routing/page-paths";
import type { FooterLegal } from "~/content/footer-legal.server";
import { CORPORATE, EXTERNAL } from "~/content/site";

/**
 * docs/product.md, Public pages: information and legal links, four social networks, address, copyright; plus the
 * product pages, so every public page is a link or two from any other.
 */
export function SiteFooter({ legal }: { legal?: FooterLegal }) {
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
              <a href={PAGE_PATHS.privacy}>Privacy Policy</a>
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
      {legal ? (
        <div className="container site-footer__legal">
          <p data-testid="licence-line">{legal.licence}</p>
          <p data-testid="grievance-contact">
            Grievances: <a href={`mailto:${legal.grievance.email}`}>{legal.grievance.email}</a> or{" "}
            <a href={legal.grievance.phoneHref}>{legal.grievance.phone}</a>; if not resolved within 14 days, IRDAI’s{" "}
            <a href={legal.bimaBharosa}>Bima Bharosa</a>.
          </p>
          <p data-testid="data-contact-line">
            Personal data: our {legal.dataContact.role},{" "}
            <a href={`mailto:${legal.dataContact.email}`}>{legal.dataContact.email}</a> (
            <a href={PAGE_PATHS.privacy}>privacy notice</a>).
          </p>
        </div>
      ) : null}
      <p className="container site-footer__copy">
        {legal?.copyright ?? `© ${COPYRIGHT_YEAR} ${CORPORATE.legalName}. All rights reserved.`}
      </p>
    </footer>
  );
}
