import type { Db } from "../store/db";
import type { EmailProvider } from "../messages/email";
import type { SmsProvider } from "../messages/sms";

export type LogSink = (event: Record<string, unknown>) => void;

/** What every part of the API shares: built once by createEmbeddedApi. */
export interface ApiContext {
  db: Db;
  now: () => number;
  sms: SmsProvider;
  email: EmailProvider;
  /** Invoice emails being sent, by order id (sandbox/billing/invoices.ts). */
  emailsInFlight: Map<string, Promise<void>>;
  log: LogSink;
  mountPath: string;
  /** Where people reach the site, and this API under `mountPath`: the links documents print. */
  publicOrigin: string;
  gatewayKeySecret: string;
  pendingSettleMs: number;
  /** Whether tests may move a number's codes back in time (sandbox/routes/gateway.ts, /clock/codes). */
  testClock: boolean;
  /** Whoever sends it reads the whole outbox (sandbox/messages/outbox-access.ts); unset, only a caller's own messages. */
  outboxKey?: string;
  /** The one origin order callbacks may point at (docs/api-contract.md); unset in development. */
  allowedCallbackOrigin?: string;
}

/** Logs keep enough of a mobile number to correlate, not enough to identify: 98******10. */
export function maskMobile(mobileNo: string): string {
  if (mobileNo.length < 4) return "*".repeat(mobileNo.length);
  return mobileNo.slice(0, 2) + "*".repeat(mobileNo.length - 4) + mobileNo.slice(-2);
}

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}
