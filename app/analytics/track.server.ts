import path from "node:path";
import { partnerSourceFor } from "~/content/partner-source";
import { env } from "~/env.server";
import type { Session } from "~/session.server";
import type { PurchaseEvent } from "./events";
import type { Sink } from "./pipeline.server";
import { AnalyticsPipeline, httpSink, hubspotSink, ndjsonFileSink } from "./pipeline.server";
import { checkEventData, checkProfile, trimEventName } from "./profile";

const SINK_TIMEOUT_MS = 3000;

function configuredSinks(): Sink[] {
  const sinks: Sink[] = [ndjsonFileSink(env.ANALYTICS_FILE ?? path.join(env.DATA_DIR, "events.ndjson"))];
  if (env.ANALYTICS_URL) sinks.push(httpSink(env.ANALYTICS_URL, SINK_TIMEOUT_MS));
  if (env.HUBSPOT_URL && env.HUBSPOT_TOKEN) sinks.push(hubspotSink(env.HUBSPOT_URL, env.HUBSPOT_TOKEN, SINK_TIMEOUT_MS));
  return sinks;
}

export const analytics = new AnalyticsPipeline(configuredSinks());

function drop(kind: string, name: string, fields: string[]) {
  if (fields.length) console.warn(JSON.stringify({ level: "warn", msg: `analytics ${kind} values left out`, name, fields }));
}

function hubspotCookie(request: Request): string | undefined {
  return request.headers.get("Cookie")?.match(/(?:^|;\s*)hubspotutk=([^;]+)/)?.[1];
}

/**
 * Emits a purchase event where it happens, on the server. `channel_partner` is set when the
 * partner source rule is true (docs/product.md, Partner pages).
 */
export function trackEvent(request: Request, session: Session | null, name: PurchaseEvent, data: Record<string, unknown> = {}) {
  const checked = checkEventData(data);
  drop("event", name, checked.dropped);
  const partner = partnerSourceFor(session?.get("from"));
  analytics.emit({
    kind: "event",
    at: new Date().toISOString(),
    name: trimEventName(name),
    identity: session?.get("mobileNo"),
    ...(partner ? { channel_partner: partner } : {}),
    data: checked.value,
    hutk: hubspotCookie(request),
  });
}

/** Pushes what is now known about the admin, each value checked against its rule (docs/product.md, Analytics events). */
export function pushProfile(identity: string, profile: Record<string, unknown>) {
  const checked = checkProfile({ Identity: identity, ...profile });
  drop("profile", identity.slice(-4), checked.dropped);
  analytics.emit({ kind: "profile", at: new Date().toISOString(), identity, data: checked.value });
}
