import { once } from "node:events";
import net from "node:net";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formBodies } from "../../server/form-body";
import { inputProblem } from "../../app/validation/input-bounds";
import { boundedQueries } from "../../server/input-bounds";

/** docs/product.md, Security rules: a form post is read whole and bounded before anything parses it. */

const bounds = { maxFields: 5, maxIndex: 99 };
const boundedFields = (names: Iterable<string>) => inputProblem(names, bounds);

describe("inputProblem", () => {
  it.each([
    "rows[0].count=1",
    "rows[99].band=18-35&rows[0].count=2",
    "error[metadata][order_id]=order_1",
    "a.b=1",
    "plain=1",
  ])("accepts %s", (body) => {
    expect(inputProblem(new URLSearchParams(body).keys(), bounds)).toBeNull();
  });

  it.each([
    "rows[100].count=1",
    "rows[1000000].count=1",
    `rows[${"9".repeat(150)}]=1`,
    "rows[-1].count=1",
    "rows[NaN]=1",
    "rows[1e9]=1",
    "rows[]=1",
    "rows[ 5]=1",
    "rows[0x10]=1",
    "rows[05]=1",
    "a[0][100]=1",
  ])("refuses %s", (body) => {
    expect(inputProblem(new URLSearchParams(body).keys(), bounds)).toMatch(/index out of range/);
  });

  it("refuses more fields than the bound, and over-long names", () => {
    expect(inputProblem(new URLSearchParams("a=1&b=2&c=3&d=4&e=5&f=6").keys(), bounds)).toMatch(/Too many fields/);
    expect(inputProblem(new URLSearchParams(`${"n".repeat(201)}=1`).keys(), bounds)).toMatch(/too long/);
  });
});

describe("formBodies", () => {
  let url = "";
  let port = 0;
  let close = () => undefined as void;
  beforeAll(async () => {
    const app = express();
    app.use(
      formBodies({
        limitBytes: 1024,
        timeoutMs: 300,
        inputProblem: boundedFields,
        signedInPaths: new Set(["/private"]),
        sessionCookieName: "kavach_session",
        signInPath: "/sign-in",
        uploads: new Map([["/upload", 4096]]),
      }),
    );
    app.all("*", (_req, res) => res.type("text/plain").send(`read ${String(res.locals.formBody ?? "")}`));
    const server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    port = (server.address() as AddressInfo).port;
    url = `http://127.0.0.1:${port}`;
    close = () => void server.close();
  });
  afterAll(() => close());

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${url}${path}`, {
      method: "POST",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    });

  it("hands a checked form on, read whole", async () => {
    const answer = await post("/x", "a=1&rows[2].count=3");
    expect(await answer.text()).toBe("read a=1&rows[2].count=3");
  });

  it.each([
    ["application/json", '{"a":1}', 415],
    ["multipart/form-data; boundary=x", "--x\r\n", 415],
    ["text/plain", "a=1", 415],
  ])("answers a %s post %i", async (type, body, status) => {
    expect((await post("/x", body, { "content-type": type })).status).toBe(status);
  });

  it("takes a file upload only where a form sends one, signed in, within that path's own limit", async () => {
    const multipart = "multipart/form-data; boundary=x";
    const file = `--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n${"a".repeat(2000)}\r\n--x--\r\n`;
    const signedIn = { "content-type": multipart, cookie: "kavach_session=1" };
    expect((await post("/upload", file, signedIn)).status).toBe(200);
    expect((await post("/upload", file + "b".repeat(4096), signedIn)).status).toBe(413);
    expect((await post("/x", file, signedIn)).status).toBe(415);
    const signedOut = await fetch(`${url}/upload`, {
      method: "POST",
      body: file,
      headers: { "content-type": multipart },
      redirect: "manual",
    });
    expect(signedOut.status).toBe(303);
  });

  it("refuses a compressed body and a bad index", async () => {
    expect((await post("/x", "a=1", { "content-encoding": "gzip" })).status).toBe(415);
    expect((await post("/x", "rows[1000000].count=1")).status).toBe(400);
  });

  it("answers other methods 405", async () => {
    for (const method of ["PUT", "DELETE", "PATCH", "OPTIONS"])
      expect((await fetch(`${url}/x`, { method })).status).toBe(405);
  });

  it("sends a post to a signed-in path without a session cookie to sign in, unread", async () => {
    const answer = await fetch(`${url}/private`, {
      method: "POST",
      body: "a=1",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/sign-in");
  });

  it.each(["/Private", "/private/", "/private.data"])("treats %s as the signed-in path it reaches", async (path) => {
    const answer = await fetch(`${url}${path}`, {
      method: "POST",
      body: "a=1",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    expect(answer.status).toBe(303);
  });

  it("cuts a body that does not arrive in time off with 408", async () => {
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    socket.on("data", (chunk) => (received += String(chunk)));
    socket.write(
      "POST /x HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 10\r\n\r\na=",
    );
    await once(socket, "close");
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  });
});

describe("boundedQueries", () => {
  let url = "";
  let reached = 0;
  let close = () => undefined as void;
  beforeAll(async () => {
    const app = express();
    app.use(boundedQueries(boundedFields));
    app.all("*", (_req, res) => {
      reached += 1;
      res.send("ok");
    });
    const server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => void server.close();
  });
  afterAll(() => close());

  it.each([
    "/checkout/quote?rows[1000000].count=1",
    "/checkout/quote.data?rows[1000000].count=1",
    "/api/global/users?a=1&b=2&c=3&d=4&e=5&f=6",
    `/?${"n".repeat(201)}=1`,
  ])("answers %s 400 before anything parses it", async (path) => {
    const before = reached;
    const answer = await fetch(`${url}${path}`);
    expect(answer.status).toBe(400);
    expect(reached).toBe(before);
  });

  it("lets a query within bounds on, and a post's query too", async () => {
    expect((await fetch(`${url}/checkout/quote?rows[2].count=1&planId=p1`)).status).toBe(200);
    expect((await fetch(`${url}/checkout/quote?rows[100].count=1`, { method: "POST" })).status).toBe(400);
  });
});
