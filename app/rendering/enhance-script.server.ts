import fs from "node:fs";
import { logger } from "~/observability/log.server";

/**
 * URL of the page script (app/enhance, bundled by scripts/build-enhance.ts next to this server
 * build). Read once at start. Without it (a build made by `remix build` alone) pages still work,
 * as they do for visitors without script.
 */
function readScriptSrc(): string | null {
  try {
    const manifest = JSON.parse(fs.readFileSync(new URL("./enhance.json", import.meta.url), "utf8")) as {
      src?: unknown;
    };
    return typeof manifest.src === "string" ? manifest.src : null;
  } catch {
    logger.warn("build/enhance.json is missing: pages are served without their script (run npm run build).");
    return null;
  }
}

export const enhanceScriptSrc = readScriptSrc();
