import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { APP_SHOT_MANIFEST, APP_SHOT_ROUTES, currentManifest, hashSources } from "../../scripts/app-shot-sources";

const recorded = JSON.parse(fs.readFileSync(APP_SHOT_MANIFEST, "utf8")) as Record<
  string,
  { sources: string[]; sha256: string }
>;

describe("the /app page's screenshots", () => {
  it("exist for every page they show", () => {
    for (const name of Object.keys(APP_SHOT_ROUTES)) {
      expect(fs.existsSync(`public/images/app/${name}.webp`), name).toBe(true);
    }
  });

  it("were taken after the last change to the pages they show (else: npm run build && npm run screenshots)", () => {
    const now = currentManifest();
    expect(Object.keys(recorded).sort()).toEqual(Object.keys(now).sort());
    for (const [name, page] of Object.entries(now)) {
      expect(recorded[name]!.sources, `${name}: its source files`).toEqual(page.sources);
      expect(recorded[name]!.sha256, `${name}: its sources changed since the screenshot`).toBe(page.sha256);
    }
  });

  it("a change to a page's component changes its hash", () => {
    const { sources } = currentManifest().review!;
    expect(sources).toContain("app/routes/checkout.checkout.tsx");
    expect(sources.some((f) => f.startsWith("app/components/"))).toBe(true);
    expect(hashSources(sources.slice(1))).not.toBe(hashSources(sources));
  });
});
