import type { PageSeo } from "~/content/seo";
import { safeReturnHost } from "~/utils/safe-redirect";
import { PARTNER_SOURCE_DOMAINS } from "./partner-source";

/**
 * Co-branded landing pages for partner-referred visitors (docs/product.md, Partner pages). Each page renders layout 1 or 2
 * from its static JSON file in public/partners/. The first three are the named finance partners,
 * whose purchase button reads Buy Now; the fourth is an ordinary partner.
 */
export interface PartnerLanding {
  key: string;
  name: string;
  layout: 1 | 2;
  /** One of the three named finance partners (docs/product.md, Partner pages). */
  named: boolean;
  /** The partner's own domain, carried to the checkout as `from` (docs/product.md, Partner pages). */
  domain?: string;
  seo: Omit<PageSeo, "path">;
}

export const PARTNER_LANDINGS: readonly PartnerLanding[] = [
  {
    key: "godrej",
    name: "Godrej Capital",
    layout: 1,
    named: true,
    domain: PARTNER_SOURCE_DOMAINS.godrejCapital,
    seo: {
      title: "Kavach for Godrej Capital customers",
      description:
        "Group health benefits for the businesses Godrej Capital works with: cashless cover from 2 employees, bought online in minutes.",
      keywords: ["Godrej Capital health insurance", "Kavach Godrej", "group health insurance for SMEs"],
    },
  },
  {
    key: "godrej-finance",
    name: "Godrej Finance",
    layout: 1,
    named: true,
    domain: PARTNER_SOURCE_DOMAINS.godrejFinance,
    seo: {
      title: "Kavach for Godrej Finance customers",
      description:
        "Health benefits for your team, arranged with Godrej Finance: group health insurance, doctor on call and check-ups.",
      keywords: ["Godrej Finance employee benefits", "Kavach Godrej Finance"],
    },
  },
  {
    key: "godrej-housing-finance",
    name: "Godrej Housing Finance",
    layout: 2,
    named: true,
    domain: PARTNER_SOURCE_DOMAINS.godrejHousingFinance,
    seo: {
      title: "Kavach for Godrej Housing Finance partners",
      description:
        "Builders, brokers and developers working with Godrej Housing Finance can cover their teams with Kavach in minutes.",
      keywords: ["Godrej Housing Finance partners health cover", "Kavach Godrej Housing Finance"],
    },
  },
  {
    key: "workbay",
    name: "Workbay Coworking",
    layout: 2,
    named: false,
    seo: {
      title: "Kavach for Workbay members",
      description: "Workbay member companies get Kavach group health benefits at community rates, from two employees.",
      keywords: ["Workbay coworking health insurance", "coworking employee benefits"],
    },
  },
];

export function findPartnerLanding(key: string | undefined): PartnerLanding | undefined {
  return PARTNER_LANDINGS.find((p) => p.key === key);
}

/**
 * Where a visitor a finance partner sent returns to (spec row 3.21, `from` "a host to return to"; decision
 * 0039): the host kept in the session when it is one of the three partners' domains or a subdomain of one,
 * named by its partner. The three domains are an allow-list, so the link leads nowhere a query could choose.
 */
export function partnerReturnFor(from: string | null | undefined): { href: string; name: string } | null {
  const host = safeReturnHost(from);
  if (host === null) return null;
  const partner = PARTNER_LANDINGS.find((p) => p.domain && (host === p.domain || host.endsWith(`.${p.domain}`)));
  return partner ? { href: `https://${host}/`, name: partner.name } : null;
}
