import fs from "node:fs";
import path from "node:path";
import { logger } from "~/observability/log.server";
import type { Verification } from "~/upstream/employer.server";
import { getCart } from "~/upstream/employer.server";
import { env } from "~/config/env.server";
import { getSession } from "~/session/session.server";
import { trackCharged } from "./track.server";

/**
 * docs/product.md, Analytics events: `purchase_payment_success` is a charged event, recorded once
 * per paid order, whether the callback said paid at once or the order settled after pending. It is
 * recorded where the buyer's session meets the paid order (the success page every path ends on), so
 * it can carry the cart's Items, the admin's identity and `channel_partner`.
 *
 * The order ids already recorded are kept in a file beside the events, so a reload, a second tab or a
 * restart never records one twice.
 */
export class ChargedLedger {
  private ids: Set<string> | null = null;
  private readonly claimed = new Set<string>();

  constructor(private readonly file: string) {}

  private load(): Set<string> {
    if (!this.ids) {
      const text = fs.existsSync(this.file) ? fs.readFileSync(this.file, "utf8") : "";
      this.ids = new Set(text.split("\n").filter(Boolean));
    }
    return this.ids;
  }

  /** True once per order id: the caller records the event, then calls done or release. */
  claim(orderId: string): boolean {
    if (this.load().has(orderId) || this.claimed.has(orderId)) return false;
    this.claimed.add(orderId);
    return true;
  }

  done(orderId: string) {
    this.claimed.delete(orderId);
    this.load().add(orderId);
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    fs.appendFileSync(this.file, `${orderId}\n`);
  }

  release(orderId: string) {
    this.claimed.delete(orderId);
  }
}

const ledger = new ChargedLedger(
  path.join(path.dirname(env.ANALYTICS_FILE ?? path.join(env.DATA_DIR, "events.ndjson")), "charged-orders.txt"),
);

/**
 * Records the charged event for a paid order seen by its buyer. Not the buyer (no session, or a cart
 * whose latest order is another), or the cart unreadable: nothing is recorded now, and the next
 * visit of the buyer's success page tries again.
 */
export async function recordPurchaseSuccess(request: Request, order: Verification) {
  if (order.status !== "paid" || !ledger.claim(order.order_id)) return;
  try {
    const session = await getSession(request);
    const token = session.get("token");
    const cart = token ? await getCart(token) : null;
    if (!cart?.quote || cart.order?.order_id !== order.order_id) return ledger.release(order.order_id);
    trackCharged(request, session, "purchase_payment_success", {
      data: { order_id: order.order_id, amount_paise: order.amount_paise, policy: order.policy },
      chargedId: order.order_id,
      items: cart.quote[order.policy].items,
    });
    ledger.done(order.order_id);
  } catch (error) {
    ledger.release(order.order_id);
    logger.warn({ order_id: order.order_id, err: error }, "purchase_payment_success not recorded yet");
  }
}
