import type { MonthlyBillingTerms } from "~/components/monthly-billing";
import { embeddedApi } from "~/config/env.server";
import { CORPORATE } from "~/content/site";
import { dayBefore, formatDate, nextMonth, todayInIndia } from "~/utils/dates";
import { formatPaise } from "~/utils/money";

/**
 * The words of the monthly-billing note (components/monthly-billing.tsx), composed on the server so
 * the dates, the contact details and the sandbox flag never ship as script: the amount each month,
 * the next charge a month from today (IST) and the last day covered if the mandate is cancelled
 * before the second charge.
 */
export function monthlyBillingTerms(monthlyTotalPaise: number, now = Date.now()): MonthlyBillingTerms {
  const next = nextMonth(todayInIndia(now));
  return {
    amount: formatPaise(monthlyTotalPaise),
    sandbox: embeddedApi,
    nextCharge: formatDate(next),
    coverEnds: formatDate(dayBefore(next)),
    email: CORPORATE.email,
    phone: CORPORATE.phone,
  };
}
