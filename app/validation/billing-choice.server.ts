/**
 * The review's action parses with zod's `billingChoice` (fields.ts) through this server-only door, so
 * the route's browser bundle never keeps fields.ts, and zod with it, for its top-level schemas; the
 * browser checks with `billingChoiceValidation` (billing-choice.ts).
 */
export { billingChoice } from "./fields";
