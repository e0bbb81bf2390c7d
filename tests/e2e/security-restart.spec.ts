import path from "node:path";
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { adminVisitor } from "../support/admin-session";
import { dataPath, decodeData, peopleForm } from "../support/client";
import { openHostedCheckout, orderStatus, postCallback } from "../support/payments";
import { type RunningServer, startServer, tempDir } from "../support/server";

/** docs/security.md: a SIGKILL mid-purchase loses no order, no payment and no session. */

test("killing the server mid-purchase loses no order and no payment, and the admin's session continues", async () => {
  test.setTimeout(90_000);
  const dataDir = tempDir();
  let server: RunningServer = await startServer({ dataDir });
  const restart = async () => {
    await server.kill();
    expect(integrityOf(dataDir)).toEqual({ journal: "wal", check: "ok" });
    server = await startServer({ dataDir, port: server.port });
  };
  try {
    const visitor = await adminVisitor(server.url, "payment");
    const { orderId } = await openHostedCheckout(visitor);

    // Killed while step posts are still arriving: each answered one was written whole.
    const counts = ["9", "10", "11", "12", "13", "14"];
    const inFlight = counts.map((count) =>
      visitor.post("/checkout/add-people", { ...peopleForm(count), intent: "recalculate" }).catch(() => null),
    );
    await Promise.race(inFlight);
    await restart();
    const answered = (await Promise.all(inFlight)).filter((a) => a?.status === 303).length;
    expect(answered).toBeGreaterThan(0);

    // The session goes on, and the order is still the cart's.
    expect((await visitor.get("/checkout/add-people")).status).toBe(200);
    const { data: cart } = (
      await decodeData<
        Record<string, { data: { cart: { people: { total: number }; order: { order_id: string } | null } } }>
      >((await visitor.get(`${dataPath("/checkout/summary")}?_route=routes%2Fcheckout.summary`)).text)
    )["routes/checkout.summary"]!;
    expect(counts).toContain(String(cart.cart.people.total));
    expect(cart.cart.order?.order_id).toBe(orderId);

    // Paying again after the contents changed makes a new order; it is paid, and a kill right after loses nothing.
    await visitor.post("/checkout/checkout", { policy: "yearly" });
    const paying = await openHostedCheckout(visitor);
    const paid = await postCallback(visitor, paying.forms.success);
    expect(paid.location).toBe(`/teamsure/verify-payment?order_id=${paying.orderId}`);
    await restart();

    expect(await orderStatus(server, paying.orderId)).toMatchObject({
      status: "paid",
      payment_id: paying.forms.success.razorpay_payment_id,
    });
    expect((await visitor.get(paid.location!)).status).toBe(200);
    // A paid admin's steps lead to the membership.
    const payment = await visitor.get("/checkout/payment");
    expect(payment.location).toBe("/membership");
  } finally {
    await server.stop();
  }
});

function integrityOf(dataDir: string) {
  const db = new Database(path.join(dataDir, "kavach.sqlite"));
  try {
    return {
      journal: db.pragma("journal_mode", { simple: true }),
      check: db.pragma("integrity_check", { simple: true }),
    };
  } finally {
    db.close();
  }
}
