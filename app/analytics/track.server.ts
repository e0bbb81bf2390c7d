import path from "node:path";
import { logger } from "~/observability/log.server";
import { partnerSourceFor } from "~/content/partner-source";
import { env } from "~/config/env.server";
import type { Session } from "~/session/session.server";
import type { PurchaseEvent } from "./events";
import type { Sink } from "./pipeline.server";
import { AnalyticsPipeline, httpSink, hubspotSink, ndjsonFileSink } from "./pipeline.server";
import { CHARGED_ITEMS_MAX, checkEventData, checkProfile, trimEventName } from "./profile";

const SINK_TIMEOUT_MS = 3000;

function configuredSinks(): Sink[] {
  const sinks: Sink[] = [ndjsonFileSink(env.ANALYTICS_FILE ?? path.join(env.DATA_DIR, "events.ndjson"))];
  if (env.ANALYTICS_URL) sinks.push(httpSink(env.ANALYTICS_URL, SINK_TIMEOUT_MS));
  if (env.HUBSPOT_URL && env.HUBSPOT_TOKEN)
    sinks.push(hubspotSink(env.HUBSPOT_URL, env.HUBSPOT_TOKEN, SINK_TIMEOUT_MS));
  return sinks;
}

export const analytics = new AnalyticsPipeline(configuredSinks());

function drop(kind: string, name: string, fields: string[]) {
  if (fields.length) logger.warn({ name, fields }, `analytics ${kind} values left out`);
}

function hubspotCookie(request: Request): string | undefined {
  return request.headers.get("Cookie")?.match(/(?:^|;\s*)hubspotutk=([^;]+)/)?.[1];
}

/**
 * Emits a purchase event where it happens, on the server. `channel_partner` is set when the
 * partner source rule is true (docs/product.md, Partner pages).
 */
export function trackEvent(
  request: Request,
  session: Session | null,
  name: PurchaseEvent,
  data: Record<string, unknown> = {},
) {
  const checked = checkEventData(data);
  drop("event", name, checked.dropped);
  emitEvent(request, session, name, checked.value);
}

function emitEvent(request: Request, session: Session | null, name: PurchaseEvent, data: Record<string, unknown>) {
  const partner = partnerSourceFor(session?.get("from"));
  analytics.emit({
    kind: "event",
    at: new Date().toISOString(),
    name: trimEventName(name),
    identity: session?.get("mobileNo"),
    ...(partner ? { channel_partner: partner } : {}),
    data,
    hutk: hubspotCookie(request),
  });
}

/**
 * A charged event (docs/product.md, Analytics events): flat data plus the `Charged ID` and the
 * `Items` bought, each item checked like event data and at most CHARGED_ITEMS_MAX of them.
 */
export function trackCharged(
  request: Request,
  session: Session | null,
  name: PurchaseEvent,
  charged: { data: Record<string, unknown>; chargedId: string; items: ReadonlyArray<Record<string, unknown>> },
) {
  const checked = checkEventData({ ...charged.data, "Charged ID": charged.chargedId });
  const items = charged.items.slice(0, CHARGED_ITEMS_MAX).map((item) => checkEventData(item));
  drop("event", name, [...checked.dropped, ...items.flatMap((i) => i.dropped.map((f) => `Items.${f}`))]);
  if (charged.items.length > CHARGED_ITEMS_MAX) drop("event", name, [`Items beyond ${CHARGED_ITEMS_MAX}`]);
  emitEvent(request, session, name, { ...checked.value, Items: items.map((i) => i.value) });
}

/** Pushes what is now known about the admin, each value checked against its rule (docs/product.md, Analytics events). */
export function pushProfile(identity: string, profile: Record<string, unknown>) {
  const checked = checkProfile({ Identity: identity, ...profile });
  drop("profile", identity.slice(-4), checked.dropped);
  analytics.emit({ kind: "profile", at: new Date().toISOString(), identity, data: checked.value });
}
