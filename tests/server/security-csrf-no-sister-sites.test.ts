import { afterAll, beforeAll, expect, it } from "vitest";
import { Visitor, freshMobile } from "../support/client";
import { type InProcessApp, appInProcess } from "../support/in-process";

/** docs/product.md, Security rules: without SAME_SITE_ORIGINS, no sister site's post is trusted. */

let app: InProcessApp;
beforeAll(async () => {
  app = await appInProcess({ NODE_ENV: "production" });
});
afterAll(() => app.close());

it("without SAME_SITE_ORIGINS no sister site is trusted", async () => {
  const answer = await new Visitor(app.url).post(
    "/checkout/verify",
    { mobile: freshMobile() },
    { "sec-fetch-site": "same-site", origin: "https://www.kavach.example" },
  );
  expect(answer.status).toBe(403);
});
