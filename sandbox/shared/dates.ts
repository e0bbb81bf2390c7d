// Calendar dates as India sees them: invoices, cover periods and mandate charges are dated in IST.

const IST_OFFSET_MS = 330 * 60_000;

/** The IST calendar date of an instant, as YYYY-MM-DD. */
export function istDate(ms: number): string {
  return new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The same day `months` later; a day the later month lacks becomes its last day (31 Jan + 1 = 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  const t = new Date(`${date}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + days);
  return t.toISOString().slice(0, 10);
}

/** The Indian financial year (April to March) a date falls in, as "26-27". */
export function financialYear(date: string): string {
  const [y, m] = date.split("-").map(Number) as [number, number];
  const start = m >= 4 ? y : y - 1;
  return `${String(start % 100).padStart(2, "0")}-${String((start + 1) % 100).padStart(2, "0")}`;
}

const LONG_DATE = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** 2026-04-01 → "1 April 2026". One formatter for every call: a batch of 10,000 quotes writes dates in each. */
export function longDate(date: string): string {
  return LONG_DATE.format(new Date(`${date}T00:00:00Z`));
}

/**
 * The last day a credit note may reduce the tax of a supply invoiced in financial year `fy` (CGST Act
 * s.34(2)): 30 November after that year ends ("26-27" → 2027-11-30).
 */
export function section34Deadline(fy: string): string {
  return `20${fy.slice(3, 5)}-11-30`;
}
