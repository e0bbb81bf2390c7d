/**
 * Partner source rule (docs/product.md, Partner pages): visitors who came from one of the three finance-partner domains
 * get plans with source Godrej. The domains are this product's configuration (fictional here); each
 * finance partner's landing page sends its visitors to the checkout with its own domain as `from`.
 */
export const PARTNER_SOURCE = "Godrej";
export const PARTNER_SOURCE_DOMAINS = {
  godrejCapital: "godrejcapital.example",
  godrejFinance: "godrejfinance.example",
  godrejHousingFinance: "godrejhousingfinance.example",
} as const;

export function partnerSourceFor(host: string | undefined): string | undefined {
  if (!host) return undefined;
  return Object.values(PARTNER_SOURCE_DOMAINS).some((d) => host === d || host.endsWith(`.${d}`))
    ? PARTNER_SOURCE
    : undefined;
}
