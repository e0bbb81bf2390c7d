/** Every route path the app links or redirects to, named once. */
export const PATHS = {
  home: "/",
  notFound: "/404",
  checkout: {
    verify: "/checkout/verify",
    verifyOtp: "/checkout/verify-otp",
    gstDetails: "/checkout/gst-details",
    companyDetails: "/checkout/company-details",
    planSelect: "/checkout/plan-select",
    addPeople: "/checkout/add-people",
    checkout: "/checkout/checkout",
    payment: "/checkout/payment",
    paymentCallback: "/checkout/payment/callback",
    summary: "/checkout/summary",
    whatsapp: "/checkout/whatsapp",
    faq: "/checkout/faq",
  },
  paymentSuccess: "/teamsure/verify-payment",
  paymentFail: "/teamsure/payment-fail",
  paymentPending: "/teamsure/payment-pending",
  logout: "/logout",
  /** A signed-in admin's prefill link asks here before starting over (docs/product.md, Query handling). */
  prefill: "/prefill",
  outbox: "/dev/outbox",
} as const;
