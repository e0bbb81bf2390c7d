import { afterAll, beforeAll, expect, it } from "vitest";
import { Visitor, fillCart, signIn } from "../support/client";
import { type InProcessApp, appInProcess } from "../support/in-process";
import { openHostedCheckout, postCallback } from "../support/payments";

/**
 * The API's expected refusals on the census page are answers the admin reads, beside the field or on
 * the page, never an error page (docs/decisions/0044, an expected refusal is an answer too).
 */
const EMPLOYEE = {
  intent: "add",
  "self.employee_code": "FL-901",
  "self.full_name": "Ishaan Venkataraman",
  "self.gender": "male",
  "self.date_of_birth": "1994-03-12",
  "self.mobile": "9123987654",
  "self.email": "ishaan.v@fernleaf.example",
  "self.date_of_joining": "2024-04-01",
};

let app: InProcessApp;
let admin: Visitor;
beforeAll(async () => {
  app = await appInProcess({});
  admin = new Visitor(app.url);
  await signIn(admin);
  await fillCart(admin);
  const { forms } = await openHostedCheckout(admin);
  expect((await postCallback(admin, forms.success)).status).toBe(303);
  expect((await admin.post("/membership/members", EMPLOYEE)).status).toBeLessThan(400);
}, 60_000);
afterAll(() => app.close());

it("an employee code already on the list is refused beside the code, with what was typed kept", async () => {
  const answer = await admin.post("/membership/members", { ...EMPLOYEE, "self.full_name": "Kavya Iyer" });
  expect(answer.status).toBe(422);
  expect(answer.text).toMatch(
    /id="add-self\.employee_code-error"[^>]*>An employee with this code is already on the list</,
  );
  expect(answer.text).toContain('value="Kavya Iyer"');
});

it("a census check that is not there asks for the file again, and adds nothing", async () => {
  const answer = await admin.post("/membership/members", { intent: "confirm", check_id: "no-such-check" });
  expect(answer.status).toBe(200);
  expect(answer.text).toContain("Nothing was added: upload the file again to check it against your team as it is now.");
});
