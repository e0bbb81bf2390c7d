import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ChargedLedger } from "~/analytics/charged.server";

/** docs/product.md, Analytics events: purchase_payment_success once per order, across restarts. */
describe("the charged-orders ledger", () => {
  const file = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), "kavach-ledger-")), "charged-orders.txt");

  it("lets one caller record an order, and nobody after it, even after a restart", () => {
    const where = file();
    const ledger = new ChargedLedger(where);
    expect(ledger.claim("order_A")).toBe(true);
    // A second request while the first is still recording.
    expect(ledger.claim("order_A")).toBe(false);
    ledger.done("order_A");
    expect(ledger.claim("order_A")).toBe(false);
    expect(new ChargedLedger(where).claim("order_A")).toBe(false);
    expect(new ChargedLedger(where).claim("order_B")).toBe(true);
  });

  it("gives an order back when its recording could not finish", () => {
    const ledger = new ChargedLedger(file());
    expect(ledger.claim("order_C")).toBe(true);
    ledger.release("order_C");
    expect(ledger.claim("order_C")).toBe(true);
  });
});
