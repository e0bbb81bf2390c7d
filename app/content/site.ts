/**
 * Site-wide facts: external addresses (configuration, not scattered literals), the corporate
 * address and the footer's link lists (spec §1 'Footer').
 */
export const EXTERNAL = {
  blog: "https://blog.kavach.example",
  faq: "https://help.kavach.example/faq",
  careers: "https://careers.kavach.example",
  demoRequest: "https://kavach.example/request-a-demo",
  privacyPolicy: "https://kavach.example/privacy-policy",
  social: [
    { name: "LinkedIn", href: "https://www.linkedin.com/company/kavach-example" },
    { name: "X", href: "https://x.com/kavach_example" },
    { name: "Instagram", href: "https://www.instagram.com/kavach.example" },
    { name: "Facebook", href: "https://www.facebook.com/kavach.example" },
  ],
} as const;

export const CORPORATE = {
  legalName: "Kavach Health Benefits Private Limited",
  address: ["4th Floor, Prestige Meridian II", "29 Mahatma Gandhi Road", "Bengaluru, Karnataka 560001"],
  email: "care@kavach.example",
  phone: "+91 80 4718 2200",
} as const;
