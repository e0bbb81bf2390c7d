/**
 * Partner source rule (docs/product.md, Partner pages): visitors who came from one of the three finance-partner domains
 * get plans with source Godrej. The domains are this product's configuration (fictional here).
 */
export const PARTNER_SOURCE = "Godrej";
export const PARTNER_SOURCE_DOMAINS = ["godrejcapital.example", "godrejfinance.example", "godrejhousingfinance.example"] as const;

export function partnerSourceFor(host: string | undefined): string | undefined {
  if (!host) return undefined;
  return PARTNER_SOURCE_DOMAINS.some((d) => host === d || host.endsWith(`.${d}`)) ? PARTNER_SOURCE : undefined;
}
