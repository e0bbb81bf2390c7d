import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/support/chromium";
import { OUTBOX_KEY } from "./tests/support/outbox";

/**
 * End-to-end tests drive Debian's Chromium (browsers cannot be downloaded here) against the built
 * server: one on the embedded API, and one whose upstream is down, to see the failure paths.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3200);
export const DOWN_PORT = E2E_PORT + 1;
/** Where the embedded server keeps its database and analytics file during the run. */
export const E2E_DATA_DIR = `./data/e2e-${E2E_PORT}`;
/** A collector that accepts connections and never answers: analytics must not slow a page. */
export const BLACK_HOLE_PORT = E2E_PORT + 2;
/** The tests that put the whole machine under load, run after all the others. */
const UNDER_LOAD = /security-drain-under-load\.spec\.ts$/;
export const E2E_SESSION_SECRET = "e2e-session-secret-0123456789abcdef";

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 2,
  // One retry in CI, reported as "flaky" in the summary: a timing race on a loaded 2-core machine
  // must be seen and fixed, not turn a submission red; a test that fails twice still fails.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    ...devices["Desktop Chrome"],
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: "off",
  },
  projects: [
    { name: "chromium", testIgnore: UNDER_LOAD },
    // The drain test loads both cores with wrk for seconds: `npm run test:e2e` runs it after every other
    // test has finished, so that no other test's timing is its load (docs/decisions/0040).
    { name: "under-load", testMatch: UNDER_LOAD },
  ],
  webServer: [
    {
      command: `node -e "require('node:http').createServer(() => {}).listen(${BLACK_HOLE_PORT}, '127.0.0.1')"`,
      port: BLACK_HOLE_PORT,
      reuseExistingServer: false,
    },
    {
      command: `rm -rf ${E2E_DATA_DIR} && node build/server.js`,
      url: `http://127.0.0.1:${E2E_PORT}/healthz`,
      reuseExistingServer: false,
      env: {
        PORT: String(E2E_PORT),
        DATA_DIR: E2E_DATA_DIR,
        LOG_REQUESTS: "0",
        // One process unless a test asks for workers (docs/decisions/0009).
        WEB_CONCURRENCY: "1",
        SESSION_SECRET: E2E_SESSION_SECRET,
        SANDBOX_OUTBOX_KEY: OUTBOX_KEY,
        SANDBOX_PENDING_SETTLE_MS: "4000",
        // The resend test moves its own number's codes back in time instead of waiting 30 s.
        SANDBOX_TEST_CLOCK: "1",
        // Every e2e purchase runs with its analytics collector hanging: pages must not wait on it.
        ANALYTICS_URL: `http://127.0.0.1:${BLACK_HOLE_PORT}/collect`,
        // Every test signs in from 127.0.0.1: the per-IP code caps would end the run, not guard it.
        IP_CODE_REQUESTS_PER_HOUR: "10000",
        IP_CODE_VERIFICATIONS_PER_HOUR: "10000",
        IP_APP_LINKS_PER_HOUR: "10000",
        NUMBER_APP_LINKS_PER_HOUR: "10000",
      },
      timeout: 60_000,
    },
    {
      command: "node build/server.js",
      url: `http://127.0.0.1:${DOWN_PORT}/healthz`,
      reuseExistingServer: false,
      env: {
        PORT: String(DOWN_PORT),
        DATA_DIR: `./data/e2e-${DOWN_PORT}`,
        LOG_REQUESTS: "0",
        // One process unless a test asks for workers (docs/decisions/0009).
        WEB_CONCURRENCY: "1",
        SESSION_SECRET: E2E_SESSION_SECRET,
        // Nothing listens on the discard port: every upstream call fails like an outage.
        API_BASE_URL: "http://127.0.0.1:9",
        API_TIMEOUT_MS: "1000",
      },
      timeout: 60_000,
    },
  ],
});
