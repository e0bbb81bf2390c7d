// The details an admin corrects without support (docs/product.md, Corrections; decision 0057), and how the
// statement, the certificate and the email name each one. Never the employee code or the relationship.
export const CORRECTABLE = ["full_name", "gender", "date_of_birth", "mobile", "email"] as const;
export type Correctable = (typeof CORRECTABLE)[number];

export const FIELD_WORDS: Record<Correctable, string> = {
  full_name: "name",
  gender: "gender",
  date_of_birth: "date of birth",
  mobile: "mobile",
  email: "email",
};
