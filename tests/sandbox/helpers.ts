import { expect } from "vitest";
import express from "express";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { type EmbeddedApiOptions, createEmbeddedApi } from "../../sandbox/index";
import { OUTBOX_HEADERS, OUTBOX_KEY } from "../support/outbox";

export const SECRET = "test_gateway_secret";
export const T0 = Date.UTC(2025, 5, 2, 4, 30, 0);

export interface Reply {
  status: number;
  json: any;
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

/** The embedded API on an ephemeral loopback port, with a fake clock and captured logs. */
export async function startApi(options: Partial<EmbeddedApiOptions> = {}) {
  let time = T0;
  const logs: Record<string, unknown>[] = [];
  const api = createEmbeddedApi({
    databasePath: ":memory:",
    mountPath: "/api",
    publicOrigin: "https://kavach.example",
    gatewayKeySecret: SECRET,
    now: () => time,
    log: (event) => logs.push(event),
    outboxKey: OUTBOX_KEY,
    ...options,
  });
  const app = express();
  // As on the server's private listener: X-Forwarded-For from loopback names the client.
  app.set("trust proxy", "loopback");
  app.use("/api", api.router);
  app.use("/dev", api.devRouter);
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function call(method: string, path: string, o: CallOptions = {}): Promise<Reply> {
    // As the developer reads the outbox: with its key (decision 0040).
    const headers: Record<string, string> = { ...OUTBOX_HEADERS, ...o.headers };
    if (o.token !== undefined) headers.authorization = `Bearer ${o.token}`;
    if (o.body !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(base + path, {
      method,
      headers,
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
    });
    const text = await res.text();
    return { status: res.status, json: text === "" ? undefined : JSON.parse(text) };
  }

  async function html(path: string): Promise<{ status: number; text: string; headers: Headers }> {
    const res = await fetch(base + path, { headers: OUTBOX_HEADERS });
    return { status: res.status, text: await res.text(), headers: res.headers };
  }

  /** The latest code texted to the number, read from the sandbox outbox. */
  async function lastCode(mobileNo: string): Promise<string> {
    const r = await call("GET", `/api/sandbox/sms?mobile_no=${mobileNo}`);
    const text: string | undefined = r.json.data.find((m: { text: string }) => /verification code/.test(m.text))?.text;
    const match = text === undefined ? null : /^(\d{4}) is your Kavach verification code/.exec(text);
    if (match === null) throw new Error(`no code texted to ${mobileNo}`);
    return match[1]!;
  }

  /** The caller's address (X-Forwarded-For, believed from loopback) and device id (X-Device-Id), when given. */
  function callerHeaders(client?: string, device?: string): Record<string, string> | undefined {
    if (client === undefined && device === undefined) return undefined;
    return {
      ...(client === undefined ? {} : { "x-forwarded-for": client }),
      ...(device === undefined ? {} : { "x-device-id": device }),
    };
  }

  function sendCode(mobileNo: string, client?: string, device?: string): Promise<Reply> {
    return call("GET", `/api/global/users?country_id=91&mobile_no=${mobileNo}`, {
      headers: callerHeaders(client, device),
    });
  }

  function verify(mobileNo: string, code: string, client?: string, device?: string): Promise<Reply> {
    return call("POST", "/api/global/users/verify/otp", {
      body: { mobile_no: mobileNo, country_id: 91, code },
      headers: callerHeaders(client, device),
    });
  }

  async function login(mobileNo: string): Promise<string> {
    const sent = await sendCode(mobileNo);
    if (sent.status !== 200) throw new Error(`send code failed: ${JSON.stringify(sent.json)}`);
    const verified = await verify(mobileNo, await lastCode(mobileNo));
    if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.json)}`);
    return verified.json.data.token as string;
  }

  return {
    base,
    logs,
    call,
    html,
    lastCode,
    sendCode,
    verify,
    login,
    now: () => time,
    advance(ms: number) {
      time += ms;
    },
    async close() {
      server.close();
      await once(server, "close");
      api.close();
    },
  };
}

export type TestApi = Awaited<ReturnType<typeof startApi>>;

/** A code that is certainly not the one sent. */
export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 10_000).padStart(4, "0");
}

/** Hidden inputs of each form on the sandbox checkout page, keyed by the form's button label. */
export function checkoutForms(pageHtml: string): Map<string, { action: string; fields: Record<string, string> }> {
  const forms = new Map<string, { action: string; fields: Record<string, string> }>();
  const decode = (s: string) =>
    s
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  for (const m of pageHtml.matchAll(/<form method="post" action="([^"]*)">([\s\S]*?)<\/form>/g)) {
    const fields: Record<string, string> = {};
    for (const input of m[2]!.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
      fields[decode(input[1]!)] = decode(input[2]!);
    }
    const label = decode(/<button[^>]*>([^<]*)<\/button>/.exec(m[2]!)![1]!);
    forms.set(label, { action: decode(m[1]!), fields });
  }
  return forms;
}

/**
 * The outbox's emails to one address once `count` of them are there. Employees' e-cards are drawn in a
 * worker thread and sent when done, which a busy machine makes later than the confirmation's answer:
 * waited for, never assumed.
 */
export async function emailsTo(api: TestApi, address: string, count: number) {
  const read = async () =>
    (await api.call("GET", `/api/sandbox/emails?to=${encodeURIComponent(address)}`)).json.data as {
      id: string;
      subject: string;
      text: string;
      html: string;
    }[];
  await expect.poll(async () => (await read()).length, { timeout: 20_000 }).toBe(count);
  return read();
}
