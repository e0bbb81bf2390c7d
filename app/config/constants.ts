/**
 * The constants and messages of docs/product.md (Constants, Messages), in one place. Route modules,
 * schemas and tests import these; no other module spells a limit or a message out again.
 */
export const APP_VERSION = "1.0.2";
export const PRODUCT_NAME = "Kavach";
export const COPYRIGHT_YEAR = 2022;
/** The billing the review shows chosen until the admin chooses; the summaries agree (docs/product.md, Review). */
export const DEFAULT_BILLING = "yearly" as const;

export const EMPLOYEES_MIN = 2;
export const EMPLOYEES_MAX = 10_000;
export const GSTIN_LENGTH = 15;
export const PHONE_LENGTH = 10;
/** A four-digit code (decision 0006); the API's own constant sets what it sends. */
export const OTP_LENGTH = 4;
export const COUNTRY_ID = 91;

export const TOAST_MS = 3000;
export const CROSS_TAB_LOGOUT_RELOAD_MS = 500;

export const SLIDER_DEFAULTS = { dots: true, speedMs: 500, slidesToShow: 2, slidesToScroll: 1 } as const;
export const PARTNER_CAROUSEL = {
  autoplayMs: 4000,
  speedMs: 500,
  // Logos in view (site.css): 5, 4 at 1024 px or narrower, 3 at narrowMaxWidth (decision 0025).
  perSlide: 5,
  narrowPerSlide: 3,
  narrowMaxWidth: 720,
} as const;

export const MESSAGES = {
  serviceDown: "Currently service is down. Please try after sometime.",
  termsUnavailable: "error occured",
  employeesRange: "Employees range can be from 2 to 10,000",
  phoneInvalid: "Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9.",
  phoneRequired: "Enter your mobile number.",
  codeInvalid: `Enter the ${OTP_LENGTH}-digit code we sent you.`,
  gstinRequired: "Enter your company's GSTIN.",
  gstinLength: `A GSTIN has exactly ${GSTIN_LENGTH} letters or digits.`,
  gstinState: "The first two digits of a GSTIN are a state code (01–38, 97 or 99).",
  gstinFormat:
    "This does not look like a GSTIN: 2-digit state code, 10-character PAN, entity number, Z and a check character.",
  gstinCheck: "This GSTIN's last character does not match; please check it for a typo.",
  nameRequired: "Enter your name.",
  nameLetters: "Use letters and spaces only.",
  emailInvalid: "Enter a valid email address, like name@company.com.",
  signedOut: "You have been signed out. Verify your mobile number to continue.",
} as const;

/** Greeting by hour (docs/product.md, Public pages). */
export function greetingForHour(hour: number): string {
  if (hour < 12) return "Good Morning";
  if (hour < 16) return "Good Afternoon";
  if (hour < 20) return "Good Evening";
  return "Good To See You";
}
