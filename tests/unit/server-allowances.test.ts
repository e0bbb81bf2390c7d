import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InProcessApp, appInProcess } from "../support/in-process";

/**
 * The per-IP caps (docs/decisions/0006, 0015) hold for every spelling of an endpoint that reaches
 * its handler, and on the embedded API's private loopback listener for anyone but the app.
 */
let app: InProcessApp;
beforeAll(async () => {
  app = await appInProcess({
    IP_CODE_REQUESTS_PER_HOUR: "3",
    IP_CODE_VERIFICATIONS_PER_HOUR: "3",
    IP_APP_LINKS_PER_HOUR: "3",
    NUMBER_APP_LINKS_PER_HOUR: "100",
  });
});
afterAll(() => app.close());

const CAPPED = /Too many (codes were asked for|codes were tried|links were asked for)/;

async function refusedByCap(response: Response): Promise<boolean> {
  if (response.status !== 429) return false;
  return CAPPED.test(((await response.json()) as { msg: string }).msg);
}

describe("the public /api", () => {
  it("spends one allowance for a code request however it is spelled", async () => {
    const spellings: Array<[string, string]> = [
      ["GET", "/api/global/users/?country_id=91&mobile_no=9000000001"],
      ["GET", "/API/Global/Users?country_id=91&mobile_no=9000000002"],
      ["HEAD", "/api/global/users?country_id=91&mobile_no=9000000003"],
    ];
    for (const [method, path] of spellings) {
      const answer = await fetch(`${app.url}${path}`, { method });
      expect(answer.status, `${method} ${path}`).not.toBe(429);
    }
    const fourth = await fetch(`${app.url}/api/global/users?country_id=91&mobile_no=9000000004`);
    expect(fourth.status).toBe(429);
    expect(CAPPED.test(((await fourth.json()) as { msg: string }).msg)).toBe(true);
  });

  it("spends one allowance for an app link however it is spelled", async () => {
    for (const path of ["/api/global/applink/", "/api/GLOBAL/APPLINK", "/api/global/applink"])
      expect((await fetch(`${app.url}${path}?mobile_no=9000000010`)).status).not.toBe(429);
    expect(await refusedByCap(await fetch(`${app.url}/api/global/Applink/?mobile_no=9000000011`))).toBe(true);
  });
});

describe("the private loopback listener", () => {
  const verify = (headers: Record<string, string>) =>
    fetch(`${app.privateUrl}/api/global/users/verify/otp/`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ mobile_no: "9000000020", country_id: 91, code: "0000" }),
    });

  it("caps a caller without the app's key by its own address, whatever X-Forwarded-For says", async () => {
    for (let i = 0; i < 3; i += 1)
      expect(await refusedByCap(await verify({ "x-forwarded-for": `198.51.100.${i}` }))).toBe(false);
    expect(await refusedByCap(await verify({ "x-forwarded-for": "198.51.100.99" }))).toBe(true);
    expect(
      await refusedByCap(await verify({ "x-embedded-api-key": "guessed", "x-forwarded-for": "198.51.100.7" })),
    ).toBe(true);
  });

  it("believes the app's own calls, which spent the caps already", async () => {
    const key = app.embeddedApiKey!;
    expect(key).toBeTruthy();
    for (let i = 0; i < 5; i += 1)
      expect(await refusedByCap(await verify({ "x-embedded-api-key": key, "x-forwarded-for": `203.0.113.${i}` }))).toBe(
        false,
      );
  });
});
