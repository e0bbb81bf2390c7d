// The seller of the embedded API: who issues the tax invoices. Fictional; its GSTIN carries a correct
// check character. In Karnataka (state 29), which decides CGST + SGST against IGST (sandbox/catalog/pricing.ts).

export const SELLER = {
  name: "Kavach Health Benefits Private Limited",
  address: "4th Floor, Prestige Meridian II, 29 Mahatma Gandhi Road, Bengaluru 560001, Karnataka",
  gstin: "29AAKCK7421N1ZW",
  state_code: "29",
  state_name: "Karnataka",
  email: "billing@kavach.example",
  support_email: "care@kavach.example",
  support_phone: "+91 80 4718 2200",
} as const;
