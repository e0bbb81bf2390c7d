import { useRouteLoaderData } from "@remix-run/react";
import { CORPORATE } from "~/content/site";
import type { RootLoader } from "~/root";
import { dayBefore, formatDate, nextMonth, todayInIndia } from "~/utils/dates";
import { formatPaise } from "~/utils/money";

/**
 * How months 2 to 12 of monthly billing are collected, said before the admin pays (docs/product.md,
 * After the purchase): a recurring mandate authorised with the first payment, when it charges, how much,
 * the notice before each charge and how to stop it. The sandbox simulates the mandate.
 */
export function MonthlyBillingNote({ monthlyTotalPaise }: { monthlyTotalPaise: number }) {
  const sandbox = useRouteLoaderData<RootLoader>("root")?.sandbox ?? false;
  const amount = formatPaise(monthlyTotalPaise);
  const next = nextMonth(todayInIndia());
  const lastDayOfFirstMonth = dayBefore(next);
  return (
    <div className="notice monthly-note">
      <p>
        <strong>If you pay monthly:</strong> you pay {amount} today for the first month. With that payment you authorise
        a recurring mandate
        {sandbox
          ? " (simulated in this sandbox)"
          : " (UPI AutoPay, a card standing instruction or an eNACH bank mandate)"}{" "}
        that collects {amount} on the same date each month for months 2 to 12; the next charge would be on{" "}
        {formatDate(next)}.
      </p>
      <p>
        We tell you at least 24 hours before each charge. Cancel any time before a charge on your membership page, by
        writing to <a href={`mailto:${CORPORATE.email}`}>{CORPORATE.email}</a> or calling {CORPORATE.phone}, or in your
        UPI or bank app.
      </p>
      <p>
        <strong>Cancelling the mandate ends your team’s cover</strong> at the end of the last month paid: cancel before
        the second charge and cover ends on {formatDate(lastDayOfFirstMonth)}.
      </p>
    </div>
  );
}
