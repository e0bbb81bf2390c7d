import { afterAll, beforeAll, expect, it } from "vitest";
import { adminVisitor } from "../support/admin-session";
import { type Visitor, decodeData } from "../support/client";
import { type InProcessApp, appInProcess } from "../support/in-process";

/**
 * A census file is read only for an admin with a paid membership (docs/product.md, Member census;
 * docs/decisions/0041): anyone signed in can post a file, and reading it is the costly part.
 */
let app: InProcessApp;
beforeAll(async () => {
  app = await appInProcess();
});
afterAll(() => app.close());

const upload = (visitor: Visitor, bytes: Buffer, name: string) => {
  const form = new FormData();
  form.set("intent", "upload");
  form.set("file", new Blob([new Uint8Array(bytes)]), name);
  return visitor.request("POST", "/membership/members.data", {
    body: form,
    headers: { "sec-fetch-site": "same-origin" },
  });
};

it("an admin who has not paid is sent to the membership page, the file unread", async () => {
  const visitor = await adminVisitor(app.url, "payment");
  // A workbook that cannot be opened: read, it would be answered with the message saying so.
  const answer = await upload(visitor, Buffer.from("PK\u0003\u0004 not a whole zip"), "team.xlsx");
  // The upload as the page's script posts it (a fetcher): its answer is the action's alone.
  expect(answer.text).not.toContain("could not be opened");
  expect(answer.location).toBe("/membership");
  expect(await decodeData(answer.text)).toMatchObject({ redirect: "/membership", status: 302 });
});
