/**
 * Site-wide facts: external addresses (configuration, not scattered literals), the corporate
 * address and the footer's link lists (docs/product.md, Public pages).
 */
export const EXTERNAL = {
  blog: "https://blog.kavach.example",
  faq: "https://help.kavach.example/faq",
  careers: "https://careers.kavach.example",
  demoRequest: "https://kavach.example/request-a-demo",
  social: [
    { name: "LinkedIn", href: "https://www.linkedin.com/company/kavach-example" },
    { name: "X", href: "https://x.com/kavach_example" },
    { name: "Instagram", href: "https://www.instagram.com/kavach.example" },
    { name: "Facebook", href: "https://www.facebook.com/kavach.example" },
  ],
  appStores: {
    android: "https://play.google.com/store/apps/details?id=example.kavach",
    ios: "https://apps.apple.com/in/app/kavach-example/id6440000000",
  },
} as const;

export const CORPORATE = {
  legalName: "Kavach Health Benefits Private Limited",
  address: ["4th Floor, Prestige Meridian II", "29 Mahatma Gandhi Road", "Bengaluru, Karnataka 560001"],
  email: "care@kavach.example",
  phone: "+91 80 4718 2200",
  /** Same number without spaces, for tel: links. */
  phoneHref: "tel:+918047182200",
  salesEmail: "sales@kavach.example",
  partnersEmail: "partners@kavach.example",
  claimsEmail: "claims@kavach.example",
  hours: "Monday to Saturday, 9 am to 7 pm IST",
  cin: "U66000KA2021PTC150000",
} as const;

/** docs/product.md, Partner pages: Buy Now on the three named partner pages, Purchase now everywhere else. */
export const PURCHASE_LABEL = "Purchase now";
export const PARTNER_PURCHASE_LABEL = "Buy Now";
/** docs/product.md, Users and roles: the purchase button of a signed-in admin who has paid, on every page. */
export const MEMBERSHIP_LABEL = "Your membership";
