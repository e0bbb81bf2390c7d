import type { ApiContext } from "../shared/context";

/**
 * A document's emails go out in the background, so an answer never waits on SMTP; they are kept here
 * while they are sent so that the answer may wait a moment for them (to say whether they went) and the
 * API's close waits for them before the database closes. Keys name the document: `policy:<order>` etc.
 */
export function trackSending(ctx: ApiContext, key: string, sending: Promise<void>): void {
  ctx.emailsInFlight.set(key, sending);
  void sending.finally(() => ctx.emailsInFlight.delete(key));
}

/** Waits up to `ms` for the emails kept under `key`; at once when none are being sent. */
export async function awaitSending(ctx: ApiContext, key: string, ms: number): Promise<void> {
  const sending = ctx.emailsInFlight.get(key);
  if (sending === undefined) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([sending, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
