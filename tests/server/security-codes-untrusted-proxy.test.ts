import { afterAll, beforeAll, expect, it } from "vitest";
import { Visitor, freshMobile } from "../support/client";
import { type InProcessApp, appInProcess } from "../support/in-process";

/** Decision 0006: the per-address code caps, on a server that trusts no proxy (TRUST_PROXY unset). */

let server: InProcessApp;
beforeAll(async () => {
  server = await appInProcess({ IP_CODE_REQUESTS_PER_HOUR: "2" });
});
afterAll(() => server.close());

it("without TRUST_PROXY a client cannot pick its address: X-Forwarded-For from loopback is ignored", async () => {
  const answers: number[] = [];
  for (let i = 1; i <= 3; i += 1) {
    answers.push(
      (
        await new Visitor(server.url, { "x-forwarded-for": `198.51.100.${i}` }).post("/checkout/verify", {
          mobile: freshMobile(),
        })
      ).status,
    );
  }
  expect(answers).toEqual([303, 303, 429]);
});
