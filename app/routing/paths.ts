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
    /** Check your answers: the route keeps the spec's path. */
    review: "/checkout/checkout",
    payment: "/checkout/payment",
    paymentCallback: "/checkout/payment/callback",
    summary: "/checkout/summary",
    quote: "/checkout/quote",
    whatsapp: "/checkout/whatsapp",
    faq: "/checkout/faq",
  },
  paymentSuccess: "/teamsure/verify-payment",
  paymentFail: "/teamsure/payment-fail",
  paymentPending: "/teamsure/payment-pending",
  /** A payment was taken for an order that could no longer be paid: it will be refunded. */
  paymentRefund: "/teamsure/payment-refund",
  /** The spec's logged-in home (LG = 1, dashBoardAccess): what a paid admin bought. */
  membership: "/membership",
  /** Who acts for the membership and as what; access requests (the owner's, docs/product.md, More than one admin). */
  membershipTeam: "/membership/team",
  /** The member census: the list, the add-one form and the file upload. */
  members: "/membership/members",
  membersCsv: "/membership/members.csv",
  membersTemplateCsv: "/membership/members/template.csv",
  membersTemplateXlsx: "/membership/members/template.xlsx",
  certificatePdf: "/membership/certificate.pdf",
  eCardsPdf: "/membership/e-cards.pdf",
  /** The statement of changes during the year, as CSV. */
  statementCsv: "/membership/statement.csv",
  /** Cancelling the monthly mandate: the confirmation step, then what the cancellation means. */
  mandateCancel: "/membership/mandate/cancel",
  /** Changes during the year: a joiner, a leaver or a family event, each priced before it is confirmed. */
  changes: "/membership/changes",
  /** The gateway posts the admin back here after paying for an addition. */
  changePaymentCallback: "/membership/changes/payment/callback",
  /** The employer's cash deposit with the insurer: its ledger, a top-up and a withdrawal (decision 0055). */
  deposit: "/membership/deposit",
  /** The gateway posts the admin back here after paying a top-up of the deposit. */
  depositTopUpCallback: "/membership/deposit/top-up/callback",
  /** Signing in again, for an admin who bought or started buying: the same code flow, landing on the membership. */
  signIn: "/sign-in",
  /** The renewal quote for the next policy period (docs/product.md, Renewal); the reminders link here. */
  renewal: "/membership/renewal",
  /** The gateway posts the admin back here after paying for a renewal. */
  renewalPaymentCallback: "/membership/renewal/payment/callback",
  logout: "/logout",
  /** An employee's own side: their family's cover, e-cards and claims (docs/product.md, Claims). */
  cover: {
    home: "/cover",
    signIn: "/cover/sign-in",
    verify: "/cover/verify",
    logout: "/cover/logout",
    eCardsPdf: "/cover/e-cards.pdf",
    cashless: "/cover/claims/cashless",
    reimbursement: "/cover/claims/reimbursement",
  },
  /** The TPA's network of hospitals, for anyone: the e-card links here. */
  hospitals: "/hospitals",
  /** A signed-in admin's prefill link asks here before starting over (docs/product.md, Query handling). */
  prefill: "/prefill",
  outbox: "/dev/outbox",
} as const;
