import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as app from "~/content/privacy";
import * as sandbox from "../../sandbox/catalog/privacy-notice";
import { type TestApi, emailsTo, startApi } from "./helpers";
import { paidTeam } from "./paid-membership";

/**
 * One notice on members' personal data (docs/product.md, Personal data; decision 0039): the words the app
 * shows where an admin gives employees' details (app/content/privacy.ts) are the words every employee email
 * of the sandbox carries (sandbox/catalog/privacy-notice.ts), contact included, point for point.
 */

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

describe("the notice on members' personal data", () => {
  it("is one text in the app and the sandbox, with one contact for data matters", () => {
    expect(sandbox.DATA_NOTICE).toEqual(app.DATA_NOTICE);
    expect(sandbox.DATA_CONTACT).toEqual(app.DATA_CONTACT);
    expect(sandbox.DATA_NOTICE_TITLE).toBe(app.DATA_NOTICE_TITLE.employee);
  });

  it("says what, why, on what basis, who receives it, how long, and how to ask for correction or erasure", () => {
    const text = app.DATA_NOTICE.map((p) => `${p.label}: ${p.text}`).join("\n");
    expect(text).toMatch(/date of birth/);
    expect(text).toMatch(/section 7\(i\) of the Digital Personal Data Protection Act, 2023/);
    expect(text).toMatch(/insurer/);
    expect(text).toMatch(/third-party administrator \(TPA\)/);
    // The period the purge keeps (sandbox/membership/retention.ts), in words.
    expect(sandbox.RETENTION_YEARS).toBe(3);
    expect(text).toMatch(/three years after the policy ends/);
    expect(text).toMatch(/correct or erase/);
    expect(text).toContain(app.DATA_CONTACT.email);
  });

  it("is in the e-card email every employee gets", async () => {
    const admin = await paidTeam(api, "yearly");
    const to = `e-1-${admin.mobileNo}@fernleaf.example`;
    const emails = await emailsTo(api, to, 1);
    expect(emails[0].subject).toMatch(/e-cards/);
    expect(emails[0].text).toContain(app.DATA_NOTICE_TITLE.employee);
    for (const point of app.DATA_NOTICE) {
      expect(emails[0].text).toContain(`${point.label}: ${point.text}`);
      // The HTML part escapes the same words (’ stays as it is).
      expect(emails[0].html).toContain(point.label);
    }
  });
});
