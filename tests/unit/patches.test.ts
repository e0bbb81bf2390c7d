import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import type * as Router from "@remix-run/router";
import type * as StaticRouter from "react-router-dom/server";
import { describe, expect, it } from "vitest";

/**
 * The patches in patches/ (applied by patch-package on install, docs/decisions/0008) make Remix
 * build and rank its route tree once per build instead of on every request. These fail if a patch
 * stops applying, e.g. after an upgrade: then the server silently gets slower, not wrong.
 * The server loads these packages' CommonJS builds, so that is what is checked. What each patch
 * changes, and which upstream release makes it unnecessary: patches/README.md.
 */
const require = createRequire(import.meta.url);

describe("route matching patches", () => {
  it("@remix-run/router ranks a routes array's branches once and reuses them", () => {
    const { matchRoutes } = require("@remix-run/router") as typeof Router;
    const routes: Array<{ id: string; path: string }> = [{ id: "a", path: "/a" }];
    expect(matchRoutes(routes, "/a")?.[0]?.route.id).toBe("a");
    // Route trees are never changed in place on the server; the cache is keyed by the array.
    routes.push({ id: "b", path: "/b" });
    expect(matchRoutes(routes, "/b")).toBeNull();
    expect(matchRoutes([...routes], "/b")?.[0]?.route.id).toBe("b");
  });

  it("@remix-run/router compiles a path pattern once and reuses it", () => {
    const { matchPath } = require("@remix-run/router") as typeof Router;
    const NativeRegExp = globalThis.RegExp;
    let compiled = 0;
    globalThis.RegExp = class extends NativeRegExp {
      constructor(...args: ConstructorParameters<typeof RegExp>) {
        super(...args);
        compiled += 1;
      }
    } as RegExpConstructor;
    try {
      expect(matchPath("/quotes/:id", "/quotes/7")?.params.id).toBe("7");
      expect(matchPath("/quotes/:id", "/quotes/8")?.params.id).toBe("8");
      expect(matchPath({ path: "/quotes/:id", end: false }, "/quotes/9/pdf")?.params.id).toBe("9");
    } finally {
      globalThis.RegExp = NativeRegExp;
    }
    // One RegExp for the end-anchored pattern, one for the prefix match: none for the repeat.
    expect(compiled).toBe(2);
  });

  it("react-router-dom's static router converts a routes array once", () => {
    const { createStaticRouter } = require("react-router-dom/server") as typeof StaticRouter;
    const routes = [{ id: "root", path: "/" }];
    const context = {
      basename: "/",
      location: { pathname: "/" },
      matches: [],
      loaderData: {},
      actionData: null,
      errors: null,
    } as never;
    expect(createStaticRouter(routes, context).routes).toBe(createStaticRouter(routes, context).routes);
  });

  it("@remix-run/react's RemixServer keeps one route tree per build manifest", () => {
    const source = readFileSync(require.resolve("@remix-run/react/dist/server.js"), "utf8");
    expect(source).toContain("serverRoutesCache.get(manifest.routes)");
  });
});

describe("browser build patch", () => {
  it("@remix-run/dev marks the empty stand-ins for *.server modules free of side effects", () => {
    // Without it each server module a route imports costs the browser a chunk of its own
    // (docs/decisions/0013); the hydrated step's script budget has no room for those.
    const source = readFileSync(require.resolve("@remix-run/dev/dist/compiler/plugins/emptyModules.js"), "utf8");
    expect(source).toMatch(/namespace: "empty-module",\s*sideEffects: false/);
  });
});

describe("PDF font patch", () => {
  it("fontkit lays out Telugu and Gurmukhi names with Noto Sans, whose GPOS tables carry null anchors", () => {
    // Unpatched, fontkit 2.0.4 throws reading a null anchor's coordinates, and a certificate or
    // e-card with such a name cannot be drawn (patches/README.md, fontkit).
    // Resolved as the sandbox, which draws the PDFs, resolves them.
    const sandboxRequire = createRequire(new URL("../../sandbox/", import.meta.url));
    const fontkit = sandboxRequire("fontkit") as {
      create(buffer: Buffer): { layout(text: string): { glyphs: unknown[] } };
    };
    for (const [file, name] of [
      ["noto-sans-telugu/files/noto-sans-telugu-telugu-400-normal.woff", "కృష్ణ శ్రీనివాస్"],
      ["noto-sans-gurmukhi/files/noto-sans-gurmukhi-gurmukhi-400-normal.woff", "ਗੁਰਪ੍ਰੀਤ ਕੌਰ"],
    ] as const) {
      const font = fontkit.create(readFileSync(sandboxRequire.resolve(`@fontsource/${file}`)));
      expect(font.layout(name).glyphs.length).toBeGreaterThan(0);
    }
  });
});
