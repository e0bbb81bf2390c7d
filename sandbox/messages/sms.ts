import type { Db } from "../store/db";
import { sql } from "../store/statements";

/** Where text messages go. The sandbox default writes to the `sms_outbox` table. */
export interface SmsProvider {
  send(mobileNo: string, text: string): Promise<void> | void;
}

export interface OutboxMessage {
  mobile_no: string;
  text: string;
  created_at: string;
}

export function outboxSmsProvider(db: Db, now: () => number): SmsProvider {
  const insert = sql(db, "INSERT INTO sms_outbox (mobile_no, text, created_at) VALUES (?, ?, ?)");
  return {
    send(mobileNo, text) {
      insert.run(mobileNo, text, now());
    },
  };
}

const OUTBOX_LIMIT = 200;

/** Newest first; by id, because several messages can share a clock tick. */
export function listOutbox(db: Db, mobileNo: string | undefined): OutboxMessage[] {
  const rows = (
    mobileNo === undefined
      ? sql(db, "SELECT mobile_no, text, created_at FROM sms_outbox ORDER BY id DESC LIMIT ?").all(OUTBOX_LIMIT)
      : sql(db, "SELECT mobile_no, text, created_at FROM sms_outbox WHERE mobile_no = ? ORDER BY id DESC LIMIT ?").all(
          mobileNo,
          OUTBOX_LIMIT,
        )
  ) as { mobile_no: string; text: string; created_at: number }[];
  return rows.map((r) => ({ mobile_no: r.mobile_no, text: r.text, created_at: new Date(r.created_at).toISOString() }));
}
