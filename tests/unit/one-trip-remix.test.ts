import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SINGLE_FETCH, SINGLE_FETCH_HEADERS, singleFetchUrl } from "../../app/one-trip/protocol";

/**
 * The one-trip step (app/one-trip/, docs/decisions/0045) rests on details of Remix 2.17 that Remix
 * does not promise; protocol.ts lists them, numbered as here. Each is checked against the Remix
 * installed, in the builds that run (the server's CommonJS, the browser's ES modules), so an
 * upgrade that changes one fails here, not in a visitor's browser. When one fails: set
 * ONE_TRIP=off (two round trips a step, as Remix alone answers) until the step is made to match.
 */
const require = createRequire(import.meta.url);
const source = (module: string) => readFileSync(require.resolve(module), "utf8");
const browser = (file: string) =>
  readFileSync(path.join(path.dirname(require.resolve("@remix-run/react/package.json")), "dist/esm", file), "utf8");
const serverRuntime = source("@remix-run/server-runtime/dist/server.js");
const serverSingleFetch = source("@remix-run/server-runtime/dist/single-fetch.js");
const clientSingleFetch = browser("single-fetch.js");

describe("the Remix details the one-trip step relies on", () => {
  it("1. a page's data is asked for at its path plus .data, /_root.data for /, as the step computes it", () => {
    const { singleFetchUrl: remixUrl } = require("@remix-run/react/dist/single-fetch.js") as {
      singleFetchUrl: (url: URL) => URL;
    };
    for (const page of ["/", "/checkout/plan-select", "/membership/", "/checkout/gst-details?confirm=1"]) {
      const url = new URL(page, "http://kavach.test");
      const remix = remixUrl(new URL(url));
      expect(`${singleFetchUrl(url).pathname}${singleFetchUrl(url).search}`).toBe(`${remix.pathname}${remix.search}`);
    }
    // The browser's build computes it the same way, and the server answers those addresses.
    expect(clientSingleFetch).toContain('url.pathname = "_root.data";');
    expect(clientSingleFetch).toContain('url.pathname = `${url.pathname.replace(/\\/$/, "")}.data`;');
    expect(serverRuntime).toContain('url.pathname.endsWith(".data")');
    expect(serverRuntime).toContain('.replace(/\\.data$/, "").replace(/^\\/_root$/, "/")');
  });

  it("2. a post whose action redirects is answered 202 with its Location", () => {
    const { SINGLE_FETCH_REDIRECT_STATUS } = require("@remix-run/server-runtime/dist/single-fetch.js") as {
      SINGLE_FETCH_REDIRECT_STATUS: number;
    };
    expect(SINGLE_FETCH_REDIRECT_STATUS).toBe(SINGLE_FETCH.redirectStatus);
    expect(serverSingleFetch).toContain('let redirect = headers.get("Location");');
  });

  it("3 and 4. every single-fetch answer says X-Remix-Response: yes and is text/x-script", () => {
    expect(serverRuntime).toContain(`resultHeaders.set("${SINGLE_FETCH.responseHeader}", "yes");`);
    expect(serverRuntime).toContain(`resultHeaders.set("Content-Type", "${SINGLE_FETCH.type}");`);
    expect(SINGLE_FETCH_HEADERS).toEqual({ "Content-Type": "text/x-script", "X-Remix-Response": "yes" });
  });

  it("5. X-Remix-Reload-Document makes the client load the redirect as a document", () => {
    expect(serverSingleFetch).toContain(`reload: headers.has("${SINGLE_FETCH.reloadHeader}")`);
  });

  it("6. the next GET asks for exactly the redirect's .data: ?_routes= only when a route opts out", () => {
    expect(clientSingleFetch).toContain("if (foundOptOutRoute && routesParams.size > 0) {");
    expect(clientSingleFetch).toContain('url.searchParams.set("_routes"');
    // No route here opts out, so the address the client asks for is the one the server followed.
    const routes = path.resolve("app/routes");
    const modules = [...readdirSync(routes).map((file) => path.join(routes, file)), path.resolve("app/root.tsx")];
    const optingOut = modules.filter((file) =>
      /export\s+(const|(async\s+)?function)\s+(shouldRevalidate|clientLoader|clientAction)\b/.test(
        readFileSync(file, "utf8"),
      ),
    );
    expect(optingOut).toEqual([]);
  });

  it("7. the client calls the global fetch at each request, with no method for a GET", () => {
    expect(clientSingleFetch).toContain("let res = await fetch(url, init);");
    const requestInit = browser("data.js");
    expect(requestInit).toMatch(/let init = \{\s+signal: request\.signal\s+\};\s+if \(request\.method !== "GET"\) \{/);
  });

  it("8. Remix makes a cookie Path=/ unless told otherwise, as the step's cookie jar assumes", () => {
    // That the app's own cookies are Path=/ and host-only: tests/server/followed-redirect.test.ts.
    expect(source("@remix-run/server-runtime/dist/cookies.js")).toMatch(
      /\(name, cookieOptions = \{\}\) => \{\s+let \{\s+secrets = \[\],\s+\.\.\.options\s+\} = \{\s+path: "\/",/,
    );
  });
});
