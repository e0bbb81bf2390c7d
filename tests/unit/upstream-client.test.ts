import { once } from "node:events";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createEmbeddedApi } from "../../sandbox/index";
// Types only: the modules themselves are imported after API_BASE_URL points at the switch below.
import type * as EmployerApi from "~/upstream/employer.server";
import type * as GlobalApi from "~/upstream/global.server";
import type * as HttpErrors from "~/upstream/http.server";
import type * as Constants from "~/config/constants";
import { OUTBOX_HEADERS, OUTBOX_KEY } from "../support/outbox";

/** The one valid GSTIN the sandbox registry keeps unregistered: any other it answers with a sample company (docs/product.md, GST details). */
const UNREGISTERED = "27AAPFU0939F1ZV";

/**
 * The app's typed client (app/upstream/*.server.ts) against the embedded API over HTTP, with a switch
 * in front of it that can make the upstream fail the ways real ones do.
 */
type Mode = "normal" | "500" | "malformed" | "slow" | "drop";
let mode: Mode = "normal";
let hits = 0;
let server: Server;
let client: typeof GlobalApi & typeof EmployerApi;
let errors: typeof HttpErrors;
let MESSAGES: (typeof Constants)["MESSAGES"];

beforeAll(async () => {
  const api = createEmbeddedApi({
    databasePath: ":memory:",
    mountPath: "/api",
    publicOrigin: "https://kavach.example",
    gatewayKeySecret: "client-test-secret-0123456789",
    outboxKey: OUTBOX_KEY,
    log: () => undefined,
  });
  const app = express();
  app.use((req, res, next) => {
    hits++;
    if (mode === "normal") return next();
    if (mode === "500") return res.status(500).send("<html>Internal Server Error</html>");
    if (mode === "malformed") return res.status(200).type("json").send('{"success":1,"data":');
    if (mode === "drop") return req.socket.destroy();
    // slow: never answers; the client's own timeout ends the call (afterAll closes what is left).
  });
  app.use("/api", api.router);
  server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  process.env.API_BASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  process.env.API_TIMEOUT_MS = "300";
  process.env.DATA_DIR = "/tmp/kavach-client-test";
  const [global, employer] = await Promise.all([
    import("~/upstream/global.server"),
    import("~/upstream/employer.server"),
  ]);
  client = { ...global, ...employer };
  errors = await import("~/upstream/http.server");
  MESSAGES = (await import("~/config/constants")).MESSAGES;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

beforeEach(() => {
  mode = "normal";
  hits = 0;
});

async function codeFor(mobile: string) {
  const response = await fetch(`${process.env.API_BASE_URL}/sandbox/sms?mobile_no=${mobile}`, {
    headers: OUTBOX_HEADERS,
  });
  const body = (await response.json()) as { data: Array<{ text: string }> };
  return body.data[0].text.match(/\d{4}/)![0];
}

async function signIn(mobile: string) {
  await client.sendCode(mobile, "203.0.113.7");
  return (await client.verifyCode(mobile, await codeFor(mobile), "203.0.113.7")).token;
}

describe("the typed API client", () => {
  it("signs in, fills a cart and reads back the server's quote", async () => {
    const token = await signIn("9811100001");
    await client.updateCart(token, { type: "company", item: { gstin: "07AAFCT1128B1ZV" } });
    const coverages = await client.getCoverages(token);
    expect(coverages.find((c) => c.id === "group-health-insurance")?.is_required).toBe(true);
    const { plans } = await client.getPlans(token, {
      gstin: "07AAFCT1128B1ZV",
      coverage_ids: ["group-health-insurance"],
    });
    await client.updateCart(token, { type: "plan", item: { plan_id: plans[0].plan_id, coverage_ids: [] } });
    const cart = await client.updateCart(token, {
      type: "people",
      item: { rows: [{ band: "18-35", range: "1A", count: 10 }] },
    });
    expect(cart.company?.company_name).toBe("Tanager Foods Private Limited");
    expect(cart.quote?.tax_regime).toBe("inter");
    expect(cart.quote?.monthly.tax_lines.map((l) => l.label)).toEqual(["IGST 18%"]);
    expect(cart.quote?.monthly.total_paise).toBe(cart.quote!.monthly.premium_paise + cart.quote!.monthly.tax_paise);
  });

  it("turns success: 0 into an ApiError carrying the server's msg", async () => {
    const token = await signIn("9811100002");
    const unknown = UNREGISTERED;
    const failure = await client.lookupGstin(token, unknown).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(errors.ApiError);
    expect((failure as Error).message).toMatch(/could not find a company/i);
    expect((failure as InstanceType<typeof errors.ApiError>).isOutage).toBe(false);
  });

  it("answers a refusal the caller expects, and leaves an unexpected one or an outage thrown", async () => {
    const token = await signIn("9811100009");
    const unknown = UNREGISTERED;
    const refused = await errors.refusalOr([404], client.lookupGstin(token, unknown));
    expect(refused).toBeInstanceOf(errors.ApiError);
    expect((refused as InstanceType<typeof errors.ApiError>).status).toBe(404);
    expect(await errors.noneIfNotFound(client.lookupGstin(token, unknown))).toBeNull();
    await expect(errors.refusalOr([409], client.lookupGstin(token, unknown))).rejects.toBeInstanceOf(errors.ApiError);
    mode = "500";
    const outage = await errors.refusalOr([503], client.getFaq()).catch((e: unknown) => e);
    expect((outage as InstanceType<typeof errors.ApiError>).isOutage).toBe(true);
  });

  it("turns HTTP 401 into ApiUnauthorizedError, e.g. after logout revokes the token", async () => {
    const token = await signIn("9811100003");
    await client.logout(token);
    await expect(client.getCart(token)).rejects.toBeInstanceOf(errors.ApiUnauthorizedError);
  });

  it.each<Mode>(["500", "malformed", "slow", "drop"])(
    "shows the generic message when the upstream answers %s",
    async (fault) => {
      mode = fault;
      const failure = await client.getFaq().catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(errors.ApiError);
      expect((failure as Error).message).toBe(MESSAGES.serviceDown);
    },
  );

  it("retries an idempotent GET once, and never a POST", async () => {
    mode = "500";
    await client.getFaq().catch(() => undefined);
    expect(hits).toBe(2);
    hits = 0;
    await client.verifyCode("9811100004", "1234", "203.0.113.7").catch(() => undefined);
    expect(hits).toBe(1);
  });

  it("reads the app-link answer's statusCode", async () => {
    await expect(client.sendAppLink("9811100005")).resolves.toBeUndefined();
    await expect(client.sendAppLink("12345")).rejects.toBeInstanceOf(errors.ApiError);
  });

  it("sends the platform header the terms call needs", async () => {
    const terms = await client.getTerms();
    expect(terms.sections.length).toBeGreaterThan(0);
  });

  it("shares a catalogue answer between admins for a minute, and keeps no failure", async () => {
    const [first, second] = [await signIn("9811100006"), await signIn("9811100007")];
    const groupId = "kavach-si-200000";
    mode = "500";
    await expect(client.getPricing(first, groupId, "yearly")).rejects.toBeInstanceOf(errors.ApiError);
    mode = "normal";
    hits = 0;
    const pricing = await client.getPricing(first, groupId, "yearly");
    expect(await client.getPricing(second, groupId, "yearly")).toEqual(pricing);
    expect(hits).toBe(1);
    // Another query is another answer.
    await client.getPricing(second, groupId, "monthly");
    expect(hits).toBe(2);
    const minuteLater = Date.now() + 61_000;
    vi.spyOn(Date, "now").mockReturnValue(minuteLater);
    try {
      await client.getPricing(second, groupId, "yearly");
      expect(hits).toBe(3);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("never shares the cart", async () => {
    const token = await signIn("9811100008");
    await client.getCart(token);
    hits = 0;
    await client.getCart(token);
    expect(hits).toBe(1);
  });
});
