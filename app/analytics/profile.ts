/**
 * The rules for profile and event data (docs/product.md, Analytics events). A value that fails is left out (and the
 * caller logs it), never sent.
 */
export const EVENT_NAME_MAX = 1024;
/** At most this many Items on a charged event. */
export const CHARGED_ITEMS_MAX = 50;

type Rule = (value: unknown) => boolean;
const isString = (v: unknown): v is string => typeof v === "string";

const PROFILE_RULES: Record<string, Rule> = {
  Name: (v) => isString(v) && v.trim().length > 0,
  Identity: (v) => isString(v) && v.length > 0,
  Email: (v) => isString(v) && /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,20}$/.test(v),
  Gender: (v) => v === "M" || v === "F",
  Employed: (v) => v === "Y" || v === "N",
  Married: (v) => v === "Y" || v === "N",
  Education: (v) => v === "School" || v === "College" || v === "Graduate",
  Age: (v) => (typeof v === "number" && Number.isFinite(v)) || (isString(v) && /^\d+$/.test(v)),
  DOB: (v) => (v instanceof Date && !Number.isNaN(v.getTime())) || (isString(v) && !Number.isNaN(Date.parse(v))),
  Phone: (v) => isString(v) && v.startsWith("+") && v.length > 8,
};

export interface Checked<T> {
  value: T;
  dropped: string[];
}

/** Keeps the profile fields that pass their rule; unknown fields follow the variable rules. */
export function checkProfile(profile: Record<string, unknown>): Checked<Record<string, unknown>> {
  const value: Record<string, unknown> = {};
  const dropped: string[] = [];
  for (const [key, v] of Object.entries(profile)) {
    const rule = PROFILE_RULES[key];
    const ok = rule ? rule(v) : isVariableName(key) && isVariableValue(v);
    if (ok) value[key] = v instanceof Date ? v.toISOString() : v;
    else dropped.push(key);
  }
  return { value, dropped };
}

/** Variable names are non-empty and neither start nor end with a dot. */
export function isVariableName(name: string): boolean {
  return name.length > 0 && !name.startsWith(".") && !name.endsWith(".");
}

export function isVariableValue(value: unknown): value is string | number | boolean {
  return (
    typeof value === "string" || typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value))
  );
}

/** Event data is flat: values that are not string, number or boolean are left out. */
export function checkEventData(data: Record<string, unknown>): Checked<Record<string, string | number | boolean>> {
  const value: Record<string, string | number | boolean> = {};
  const dropped: string[] = [];
  for (const [key, v] of Object.entries(data)) {
    if (isVariableName(key) && isVariableValue(v)) value[key] = v;
    else dropped.push(key);
  }
  return { value, dropped };
}

export function trimEventName(name: string): string {
  return name.length > EVENT_NAME_MAX ? name.slice(0, EVENT_NAME_MAX) : name;
}
