import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/config/env.server";

/**
 * README, Configuration: an unusable configuration stops the start with every problem named at
 * once, so an operator fixes it in one go rather than one variable per restart.
 */
const dataDir = path.join(os.tmpdir(), "kavach-config-env-test");

function refusal(source: Record<string, string>): string {
  try {
    parseEnv({ DATA_DIR: dataDir, ...source });
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("the configuration was accepted");
}

describe("configuration problems", () => {
  it("a value of the wrong type does not hide the production variables that are missing", () => {
    const message = refusal({ NODE_ENV: "production", PORT: "abc" });
    expect(message).toMatch(/^Invalid configuration:/);
    expect(message).toMatch(/^ {2}PORT: /m);
    expect(message).toMatch(/^ {2}SESSION_SECRET: required when NODE_ENV=production/m);
    expect(message).toMatch(/^ {2}PUBLIC_ORIGIN: required when NODE_ENV=production/m);
    expect(message).toMatch(/^ {2}API_BASE_URL: required when NODE_ENV=production; or set SANDBOX=1/m);
  });

  it("names every bad value, and a short secret by its minimum", () => {
    const message = refusal({ PORT: "abc", SESSION_SECRET: "short", REDIS_URL: "http://cache" });
    expect(message).toMatch(/^ {2}PORT: /m);
    expect(message).toMatch(/^ {2}SESSION_SECRET: must be at least 16 characters$/m);
    expect(message).toMatch(/^ {2}REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL$/m);
  });

  it("production with everything set starts, and development needs nothing", () => {
    const production = parseEnv({
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      SESSION_SECRET: "new-secret-0123456789, old-secret-0123456789",
      PUBLIC_ORIGIN: "https://kavach.example/",
      API_BASE_URL: "https://gateway.example",
    });
    expect(production.sessionSecrets).toEqual(["new-secret-0123456789", "old-secret-0123456789"]);
    expect(production.httpsOnly).toBe(true);
    expect(parseEnv({ DATA_DIR: dataDir }).PORT).toBe(3000);
  });
});
