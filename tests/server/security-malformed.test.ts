import net from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { adminVisitor } from "../support/admin-session";
import { Visitor } from "../support/client";
import { type InProcessApp, appInProcess } from "../support/in-process";
import { PRODUCTION_COOKIE } from "../support/session-cookie";

/**
 * docs/product.md, Security rules: bad input never answers 500. Each malformed request below gets a 4xx with a
 * short message; the site's own address comes from PUBLIC_ORIGIN in production, never from the request.
 */

let server: InProcessApp;
beforeAll(async () => {
  server = await appInProcess({ NODE_ENV: "production", TRUST_PROXY: "127.0.0.1" });
});
afterAll(() => server.close());

/** Sends bytes as they are (fetch would fix the method, the escapes or the Host) and reads the status line and body. */
async function raw(request: string): Promise<{ status: number; body: string }> {
  const socket = net.connect(server.port, "127.0.0.1");
  let received = "";
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => (received += chunk));
  socket.write(Buffer.from(request, "latin1"));
  await new Promise((resolve) => socket.once("close", resolve));
  const [head = "", body = ""] = received.split("\r\n\r\n");
  return { status: Number(head.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0), body };
}

const host = "Host: kavach.example\r\nConnection: close\r\n";
const form = (type: string, body: string, extra = "") =>
  `POST /checkout/verify HTTP/1.1\r\n${host}Sec-Fetch-Site: same-origin\r\nContent-Type: ${type}\r\n${extra}Content-Length: ${Buffer.byteLength(body, "latin1")}\r\n\r\n${body}`;

const MALFORMED: Array<[string, string, number]> = [
  ["a form route posted as JSON", form("application/json", '{"mobile":"9876543210"}'), 415],
  [
    "a form route posted as multipart",
    form(
      "multipart/form-data; boundary=b",
      '--b\r\nContent-Disposition: form-data; name="mobile"\r\n\r\n9876543210\r\n--b--\r\n',
    ),
    415,
  ],
  [
    "a form route posted with Content-Encoding: gzip",
    form("application/x-www-form-urlencoded", "mobile=9876543210", "Content-Encoding: gzip\r\n"),
    415,
  ],
  [
    "a form route posted with Content-Encoding: br",
    form("application/x-www-form-urlencoded", "mobile=9876543210", "Content-Encoding: br\r\n"),
    415,
  ],
  [
    "a form route posted with no Content-Type",
    `POST /checkout/verify HTTP/1.1\r\n${host}Content-Length: 3\r\n\r\na=1`,
    415,
  ],
  ["TRACE", `TRACE / HTTP/1.1\r\n${host}\r\n`, 405],
  ["PUT to a page", `PUT /checkout/verify HTTP/1.1\r\n${host}Content-Length: 0\r\n\r\n`, 405],
  ["DELETE to a page", `DELETE /checkout/summary HTTP/1.1\r\n${host}\r\n`, 405],
  ["OPTIONS to a page", `OPTIONS / HTTP/1.1\r\n${host}\r\n`, 405],
  ["a malformed % escape in the path", `GET /checkout/%E0%A4%A HTTP/1.1\r\n${host}\r\n`, 400],
  ["a lone % in the path", `GET /about-us% HTTP/1.1\r\n${host}\r\n`, 400],
  ["a % escape of invalid UTF-8 in the path", `GET /partners/%FF%FE HTTP/1.1\r\n${host}\r\n`, 400],
  ["a non-UTF-8 query value", `GET /checkout/verify?from=%FF HTTP/1.1\r\n${host}\r\n`, 400],
  ["a malformed escape in the query", `GET /?utm_source=%ZZ%E2%82 HTTP/1.1\r\n${host}\r\n`, 400],
  [
    "a raw non-Latin-1 query value",
    `GET /?utm_campaign=${Buffer.from("₹€", "utf8").toString("latin1")} HTTP/1.1\r\n${host}\r\n`,
    400,
  ],
  ["a Host that is not the site", `GET / HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`, 421],
  [
    "a Host that is not the site, on a post",
    `POST /checkout/verify HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 3\r\n\r\na=1`,
    421,
  ],
  ["a field index far out of range", form("application/x-www-form-urlencoded", "rows[1000000].count=1"), 400],
];

it.each(MALFORMED)("%s: %i with a short message, never a 5xx", async (_what, request, status) => {
  const answer = await raw(request);
  expect(answer.status).toBe(status);
  expect(answer.body.length).toBeLessThan(200);
  expect(answer.body).not.toMatch(/at .*\.js|Error:/);
});

it("canonical links, sitemap.xml and robots.txt name PUBLIC_ORIGIN, whatever the Host or X-Forwarded-Host", async () => {
  const visitor = new Visitor(server.url, {
    host: "localhost",
    "x-forwarded-host": "evil.example",
    "x-forwarded-proto": "http",
  });
  const home = await visitor.get("/about-us");
  expect(home.text).toMatch(/<link rel="canonical" href="https:\/\/kavach\.example\/about-us"/);
  for (const path of ["/sitemap.xml", "/robots.txt"]) {
    const { text } = await visitor.get(path);
    expect(text).toContain("https://kavach.example");
    expect(text).not.toMatch(/evil\.example|localhost|127\.0\.0\.1/);
  }
});

it("a signed-in admin's forms still work over the same server", async () => {
  const visitor = await adminVisitor(server.url, "gst", { cookieName: PRODUCTION_COOKIE });
  expect((await visitor.get("/checkout/gst-details")).status).toBe(200);
});
