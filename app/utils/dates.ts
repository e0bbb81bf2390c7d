/** Dates as India sees them (IST), for what the admin reads: "2 July 2026". */
const long = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

const short = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** "23 Dec 2026", for tables that must fit a phone. */
export function formatShortDate(date: string): string {
  return short.format(new Date(`${date}T00:00:00Z`));
}

/** A YYYY-MM-DD date from the API, written out. */
export function formatDate(date: string): string {
  return long.format(new Date(`${date}T00:00:00Z`));
}

/** Today in IST, as YYYY-MM-DD. */
export function todayInIndia(now = Date.now()): string {
  return new Date(now + 330 * 60_000).toISOString().slice(0, 10);
}

/** The same day a month later, or the month's last day when it has no such day. */
export function nextMonth(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

/** A YYYY-MM-DD date `days` calendar days later (earlier when negative). */
export function addDays(date: string, days: number): string {
  const t = new Date(`${date}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + days);
  return t.toISOString().slice(0, 10);
}

/** The calendar day before a YYYY-MM-DD date: the last day paid for before a charge date. */
export function dayBefore(date: string): string {
  return addDays(date, -1);
}
