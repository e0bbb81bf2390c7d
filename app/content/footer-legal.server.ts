import { COPYRIGHT_YEAR } from "~/config/constants";
import { todayInIndia } from "~/utils/dates";
import { DATA_CONTACT } from "./privacy";
import { CORPORATE } from "./site";

/**
 * The footer's legal lines (docs/product.md, Who stands behind the cover), composed on the server and
 * sent with the root's data, so the hydrated pages' script carries none of their words.
 * The licence is the intermediary registration the API's catalogue names on the plans; invented for
 * the sandbox, so it says "sample data" while the sandbox serves.
 */
const LICENCE = { kind: "corporate agent (composite)", registrationNo: "CA0999", validTill: "31 March 2028" };

export function footerLegal(sandbox: boolean) {
  const year = Number(todayInIndia().slice(0, 4));
  return {
    licence: `${CORPORATE.legalName} is registered with IRDAI as a ${LICENCE.kind}, Reg. No. ${LICENCE.registrationNo}, valid till ${LICENCE.validTill}${sandbox ? " (sample data)" : ""}. Insurance is the subject matter of solicitation.`,
    // Where a complaint goes first; IRDAI's Bima Bharosa after 14 days without a resolution.
    grievance: { email: "grievance@kavach.example", phone: CORPORATE.phone, phoneHref: CORPORATE.phoneHref },
    bimaBharosa: "https://bimabharosa.irdai.gov.in",
    // The contact for personal data, published on every page (docs/product.md, Personal data).
    dataContact: { role: DATA_CONTACT.role, email: DATA_CONTACT.email },
    // The spec's first year beside the server's current one, in India.
    copyright: `© ${year > COPYRIGHT_YEAR ? `${COPYRIGHT_YEAR}–${year}` : COPYRIGHT_YEAR} ${CORPORATE.legalName}. All rights reserved.`,
  };
}

export type FooterLegal = ReturnType<typeof footerLegal>;
