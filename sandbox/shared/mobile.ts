import { z } from "zod";

// Indian mobile numbers: 10 digits starting 6–9 (docs/product.md, Sign-in). The app strips spaces, 0, 91 and +91.
export const mobileNoSchema = z
  .string({ required_error: "mobile_no is required." })
  .regex(/^[6-9]\d{9}$/, "Enter a valid 10-digit Indian mobile number.");

// Only India is served; query strings carry it as text, JSON bodies as a number.
export const COUNTRY_ID = 91;
export const countryIdSchema = z.union([z.literal(COUNTRY_ID), z.literal(String(COUNTRY_ID))], {
  errorMap: () => ({ message: "country_id must be 91 (India)." }),
});
