import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { CHROMIUM_ARGS } from "../support/chromium";
import { codeFromOutbox } from "../support/codes";
import { freePort, tempDir } from "../support/server";
import { until } from "../support/until";
import {
  addPeople,
  choosePlan,
  enterCompanyDetails,
  enterGstin,
  freshGstin,
  freshMobile,
  pay,
  review,
} from "./helpers";

/**
 * How the built server starts (docs/decisions/0007): with nothing set it serves the product
 * on the embedded sandbox; production is opted into and refuses to start half-configured.
 */

// A name other than localhost for the browser: browsers treat localhost as secure, a LAN address over http is not.
const HOST_NAME = "kavach.lan";
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${HOST_NAME} 127.0.0.1`],
  },
});

interface Started {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

/** `node build/server.js`, as `npm start` runs it, with exactly this environment and nothing else. */
function startBuilt(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ["build/server.js"], {
    // NODE_ENV too is left unset unless a test sets it (the types insist on it; the server does not).
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env } as unknown as NodeJS.ProcessEnv,
    stdio: "pipe",
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk));
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exit };
}

/** Up once /healthz answers 200; a process that exits first fails the wait with what it said. */
async function healthy(url: string, started: Started): Promise<void> {
  await until(
    async () => {
      if (started.child.exitCode !== null) throw new Error(`server exited:\n${started.output()}`);
      return fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
    },
    "/healthz",
    30_000,
  );
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

test.describe("production refuses to start half-configured, naming what to set", () => {
  const complete = {
    NODE_ENV: "production",
    SESSION_SECRET: "modes-test-secret-0123456789",
    PUBLIC_ORIGIN: "https://kavach.example",
    SANDBOX: "1",
  };
  const cases: Array<[string, Record<string, string>, RegExp]> = [
    [
      "SESSION_SECRET",
      { ...complete, SESSION_SECRET: undefined! },
      /SESSION_SECRET: required when NODE_ENV=production/,
    ],
    ["PUBLIC_ORIGIN", { ...complete, PUBLIC_ORIGIN: undefined! }, /PUBLIC_ORIGIN: required when NODE_ENV=production/],
    [
      "the embedded sandbox without SANDBOX=1",
      { ...complete, SANDBOX: undefined! },
      /API_BASE_URL: required when NODE_ENV=production; or set SANDBOX=1/,
    ],
  ];
  for (const [missing, env, message] of cases) {
    test(`without ${missing}`, async () => {
      const defined = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined));
      const started = startBuilt({ ...defined, PORT: String(await freePort()), DATA_DIR: tempDir() });
      expect(await started.exit).toBe(1);
      expect(started.output()).toMatch(message);
      // The refusal is the message alone, not a stack trace.
      expect(started.output()).not.toMatch(/\n\s+at /);
    });
  }

  test("and starts once everything is set", async () => {
    const port = await freePort();
    const started = startBuilt({ ...complete, PORT: String(port), DATA_DIR: tempDir() });
    try {
      await healthy(`http://127.0.0.1:${port}`, started);
      const page = await fetch(`http://127.0.0.1:${port}/checkout/verify`);
      expect(page.headers.get("strict-transport-security")).toMatch(/max-age=/);
    } finally {
      started.child.kill("SIGTERM");
      await started.exit;
    }
  });
});

test("SIGTERM stops the server cleanly and frees its port", async () => {
  const port = await freePort();
  const started = startBuilt({ PORT: String(port), HOST: "127.0.0.1", DATA_DIR: tempDir(), LOG_REQUESTS: "0" });
  await healthy(`http://127.0.0.1:${port}`, started);
  const signalled = Date.now();
  started.child.kill("SIGTERM");
  expect(await started.exit).toBe(0);
  expect(Date.now() - signalled).toBeLessThan(10_000);
  expect(await portIsFree(port)).toBe(true);
});

test.describe("with nothing set", () => {
  test("the sandbox serves a whole purchase over plain http at a non-localhost address", async ({ page }) => {
    const port = await freePort();
    const dataDir = tempDir();
    const started = startBuilt({ PORT: String(port), DATA_DIR: dataDir, LOG_REQUESTS: "0" });
    try {
      await healthy(`http://127.0.0.1:${port}`, started);
      // With nothing set, the outbox opens with the key the server made in its data folder, as the
      // README tells a developer (decision 0040).
      const outboxKey = fs.readFileSync(`${dataDir}/sandbox-outbox-key`, "utf8").trim();
      // The start line gives whoever started it the outbox's link with that key.
      expect(started.output()).toContain(`/dev/outbox?key=${outboxKey}`);
      const api = await playwrightRequest.newContext({
        baseURL: `http://127.0.0.1:${port}`,
        extraHTTPHeaders: { "x-sandbox-outbox-key": outboxKey },
      });
      const site = `http://${HOST_NAME}:${port}`;
      await page.goto(`${site}/checkout/verify`);
      await expect(page.getByText(/sandbox/i).first()).toBeVisible();
      const mobile = freshMobile();
      await page.getByLabel("Mobile number").fill(mobile);
      await page.getByRole("button", { name: "Send code" }).click();
      await expect(page).toHaveURL(`${site}/checkout/verify-otp`);
      const sms = await (await api.get(`/api/sandbox/sms?mobile_no=${mobile}`)).json();
      await api.dispose();
      await page.getByLabel("One-time code").fill(codeFromOutbox(sms, mobile));
      await page.getByRole("button", { name: "Verify and continue" }).click();
      await enterGstin(page, freshGstin());
      await enterCompanyDetails(page);
      await choosePlan(page);
      await addPeople(page);
      await review(page);
      await pay(page);
      await page.getByRole("button", { name: /Success/ }).click();
      await expect(page).toHaveURL(new RegExp(`^${site}/teamsure/verify-payment\\?order_id=`));
      await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
    } finally {
      started.child.kill("SIGTERM");
      await started.exit;
    }
  });
});
