// Monthly: what the confirmed changes add to (or take from) the mandate's charges (docs/product.md,
// Changes during the year); the membership's billing schedule reads it.
import type { ApiContext } from "../shared/context";
import { sql } from "../store/statements";
import type { ChangePrice } from "./change-rules";

/** Monthly: how much each confirmed change adds to (or takes from) the charges from its start date on. */
export function chargeChanges(ctx: ApiContext, orderId: string): { starts_on: string; total_paise: number }[] {
  return (
    sql(ctx.db, "SELECT price FROM membership_changes WHERE order_id = ? AND status = 'confirmed'").all(orderId) as {
      price: string;
    }[]
  )
    .map((r) => JSON.parse(r.price) as ChangePrice)
    .filter((p) => p.policy === "monthly" && p.starts_on !== null)
    .map((p) => ({ starts_on: p.starts_on!, total_paise: p.total_paise }));
}
