import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import type * as RemixNode from "@remix-run/node";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

/**
 * server/remix-handler.ts between Express and Remix: what Remix is handed (the Request) and what
 * the visitor gets back (status, headers, the body gzipped once). Remix's own handler is replaced by
 * one that answers what each test sets and keeps what it was asked.
 */
const seen: { request?: Request; context?: unknown; aborted?: Promise<void> } = {};
let answer: () => Response | Promise<Response> = () => new Response("ok");

vi.mock("@remix-run/node", async (importOriginal) => {
  const original = await importOriginal<typeof RemixNode>();
  return {
    ...original,
    createRequestHandler: () => async (request: Request, context: unknown) => {
      seen.request = request;
      seen.context = context;
      seen.aborted = new Promise((resolve) => request.signal.addEventListener("abort", () => resolve()));
      return answer();
    },
  };
});

const { remixHandler } = await import("../../server/remix-handler");

let url = "";
let server: http.Server;
const offered: string[] = [];

beforeAll(async () => {
  const app = express();
  app.set("trust proxy", "loopback");
  app.use((req, res, next) => {
    if (req.path === "/posted") res.locals.formBody = Buffer.from("name=Asha");
    next();
  });
  app.all(
    "*",
    remixHandler(
      {} as ServerBuild,
      "production",
      (req) => ({ clientIp: req.ip ?? "unknown" }) as unknown as AppLoadContext,
      {
        offerToCache: (req, res, body) => {
          if (req.path !== "/kept") return false;
          offered.push(body.toString());
          res.end("from the cache");
          return true;
        },
      },
    ),
  );
  app.use((error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(500).send(`error: ${error.message}`);
  });
  server = http.createServer(app).listen(0, "127.0.0.1");
  await once(server, "listening");
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());
beforeEach(() => {
  answer = () => new Response("ok");
  seen.request = undefined;
});

const page = (bytes: number, headers: Record<string, string> = {}) =>
  new Response("<p>".padEnd(bytes, "x"), { headers: { "content-type": "text/html; charset=utf-8", ...headers } });

describe("the Request Remix is handed", () => {
  it("has the address as asked, the forwarded host's port, and the load context", async () => {
    await fetch(`${url}/checkout/verify?prefill=1`, { headers: { "x-forwarded-host": "kavach.example:8443" } });
    expect(seen.request!.url).toBe("http://kavach.example:8443/checkout/verify?prefill=1");
    expect(seen.context).toEqual({ clientIp: "127.0.0.1" });
  });

  it("drops Origin (sameSiteWrites decided already) and keeps every other header", async () => {
    await fetch(`${url}/`, { headers: { origin: "https://partner.example", cookie: "a=1", "x-one": "2" } });
    expect(seen.request!.headers.get("origin")).toBeNull();
    expect(seen.request!.headers.get("cookie")).toBe("a=1");
    expect(seen.request!.headers.get("x-one")).toBe("2");
  });

  it("carries a form body read before, and streams any other body", async () => {
    answer = async () => new Response(await seen.request!.text());
    const posted = await fetch(`${url}/posted`, { method: "POST", body: "ignored" });
    expect(await posted.text()).toBe("name=Asha");
    const streamed = await fetch(`${url}/other`, { method: "POST", body: "as sent" });
    expect(await streamed.text()).toBe("as sent");
  });

  it("is aborted when the visitor goes away before the answer", async () => {
    let release = () => {};
    answer = () => new Promise((resolve) => (release = () => resolve(new Response("late"))));
    const controller = new AbortController();
    const asked = fetch(`${url}/slow`, { signal: controller.signal }).catch(() => null);
    await vi.waitFor(() => expect(seen.request).toBeDefined());
    controller.abort();
    await asked;
    await seen.aborted;
    expect(seen.request!.signal.aborted).toBe(true);
    release();
  });
});

describe("the answer the visitor gets", () => {
  it("keeps the status, every Set-Cookie and the page's own headers", async () => {
    answer = () => {
      const headers = new Headers({ location: "/checkout/gst-details", "x-frame-options": "DENY" });
      headers.append("set-cookie", "a=1; Path=/");
      headers.append("set-cookie", "b=2; Path=/");
      return new Response(null, { status: 303, headers });
    };
    const response = await fetch(`${url}/`, { redirect: "manual" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/checkout/gst-details");
    expect(response.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
  });

  it("gzips a page of 1 KB or more once, for a client that takes gzip, and says it varies", async () => {
    answer = () => page(4096);
    const raw = await new Promise<http.IncomingMessage>((resolve) =>
      http.get(`${url}/`, { headers: { "accept-encoding": "gzip" } }, resolve),
    );
    const chunks: Buffer[] = [];
    for await (const chunk of raw) chunks.push(chunk as Buffer);
    expect(raw.headers["content-encoding"]).toBe("gzip");
    expect(raw.headers.vary).toMatch(/Accept-Encoding/);
    const body = Buffer.concat(chunks);
    expect(Number(raw.headers["content-length"])).toBe(body.length);
    expect(gunzipSync(body).toString()).toBe("<p>".padEnd(4096, "x"));
  });

  it("sends small pages, no-transform answers and clients without gzip the bytes as they are", async () => {
    for (const [make, encoding] of [
      [() => page(200), "gzip"],
      [() => page(4096, { "cache-control": "no-transform" }), "gzip"],
      [() => page(4096), "identity"],
    ] as const) {
      answer = make;
      const raw = await new Promise<http.IncomingMessage>((resolve) =>
        http.get(`${url}/`, { headers: { "accept-encoding": encoding } }, resolve),
      );
      raw.resume();
      expect(raw.headers["content-encoding"]).toBeUndefined();
    }
  });

  it("offers the whole body to the page cache, which may answer instead", async () => {
    answer = () => page(2000);
    const response = await fetch(`${url}/kept`);
    expect(await response.text()).toBe("from the cache");
    expect(offered.at(-1)).toBe("<p>".padEnd(2000, "x"));
  });

  it("hands a thrown error to Express's error handler", async () => {
    answer = () => {
      throw new Error("render failed");
    };
    const response = await fetch(`${url}/`);
    expect(response.status).toBe(500);
    expect(await response.text()).toBe("error: render failed");
  });
});
