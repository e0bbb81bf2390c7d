import type { ApiContext } from "../shared/context";
import { COUNTRY_ID } from "../shared/mobile";
import { sql } from "../store/statements";

export interface User {
  mobile_no: string;
  country_id: number;
  whatsapp: 0 | 1;
}

/** Creates the user on first verification; later verifications keep the stored preferences. */
export function ensureUser(ctx: ApiContext, mobileNo: string): User {
  sql(
    ctx.db,
    "INSERT INTO users (mobile_no, country_id, created_at) VALUES (?, ?, ?) ON CONFLICT(mobile_no) DO NOTHING",
  ).run(mobileNo, COUNTRY_ID, ctx.now());
  return getUser(ctx, mobileNo);
}

export function getUser(ctx: ApiContext, mobileNo: string): User {
  const user = sql(ctx.db, "SELECT mobile_no, country_id, whatsapp FROM users WHERE mobile_no = ?").get(mobileNo) as
    User | undefined;
  if (user === undefined) throw new Error("user row missing for a live session");
  return user;
}

export function setWhatsapp(ctx: ApiContext, mobileNo: string, whatsapp: 0 | 1): void {
  sql(ctx.db, "UPDATE users SET whatsapp = ? WHERE mobile_no = ?").run(whatsapp, mobileNo);
}
