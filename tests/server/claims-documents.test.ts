import { afterAll, beforeAll, expect, it } from "vitest";
import { callApi, moveCartTo } from "../support/cart";
import { Visitor, freshMobile, latestCode } from "../support/client";
import { type InProcessApp, appInProcess } from "../support/in-process";
import { payOverApi } from "../support/membership";
import { signInOverApi } from "../support/sign-in";

/**
 * A reimbursement's documents through the app as a browser without script posts them (docs/product.md,
 * Claims; decision 0046): one file too many, one that is not a PDF, JPEG or PNG, or one over 5 MB is
 * refused at the app with nothing sent upstream and nothing saved.
 */
let app: InProcessApp;
let employee: Visitor;
beforeAll(async () => {
  app = await appInProcess({ SANDBOX_TEST_CLOCK: "1" });
  const api = `${app.url}/api`;
  const admin = await signInOverApi(api);
  await moveCartTo(api, admin.token, "payment", { employees: 2, people: [{ band: "18-35", range: "1A", count: 2 }] });
  await payOverApi(app.url, admin.token, "yearly");
  const mobile = freshMobile();
  for (const [code, number] of [
    ["E-1", mobile],
    ["E-2", freshMobile()],
  ] as const) {
    await callApi(api, admin.token, "/membership/census/members", {
      rows: [
        {
          employee_code: code,
          full_name: `Employee ${code}`,
          gender: "female",
          date_of_birth: "1995-01-01",
          relationship: "self",
          mobile: number,
          email: `${code.toLowerCase()}.${number}@fernleaf.example`,
          date_of_joining: "2024-06-01",
        },
      ],
    });
  }
  employee = new Visitor(app.url);
  expect((await employee.post("/cover/sign-in", { mobile })).location).toBe("/cover/verify");
  expect((await employee.post("/cover/verify", { code: await latestCode(api, mobile) })).location).toBe("/cover");
}, 60_000);
afterAll(() => app.close());

const today = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
const PDF = (size: number) => Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(size - 9, 65)]);

function claim(files: Array<[string, Buffer]>) {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    member: "",
    care: "inpatient",
    hospital: "Shree Clinic, Hubballi",
    from: today(),
    to: today(),
    reason: "Fever, admitted for fluids",
    amount: "5000",
  }))
    form.set(name, value);
  for (const [name, bytes] of files) form.append("documents", new Blob([new Uint8Array(bytes)]), name);
  return form;
}

async function post(form: FormData) {
  // The member's id, as the page's radio gives it.
  const page = await employee.get("/cover/claims/reimbursement");
  form.set("member", /name="member"[^>]*value="([^"]+)"/.exec(page.text)![1]!);
  return employee.request("POST", "/cover/claims/reimbursement", {
    body: form,
    headers: { "sec-fetch-site": "same-origin" },
  });
}

const claimsSaved = async () => ((await employee.get("/cover")).text.match(/CL-\d{4}-\d{6}/g) ?? []).length;

it("refuses an eleventh file and a file that is not a PDF, JPEG or PNG, and saves nothing", async () => {
  const eleven = await post(claim(Array.from({ length: 11 }, (_, i) => [`p${i}.pdf`, PDF(1000)])));
  expect(eleven.status).toBe(400);
  expect(eleven.text).toContain("Attach at most 10 files.");
  const gif = await post(claim([["bill.pdf", Buffer.from("GIF89a, not a bill")]]));
  expect(gif.status).toBe(400);
  expect(gif.text).toContain("bill.pdf is not a PDF, JPEG or PNG file.");
  const big = await post(claim([["scan.pdf", PDF(5 * 1024 * 1024 + 1)]]));
  expect(big.text).toContain("scan.pdf is larger than 5 MB.");
  expect(await claimsSaved()).toBe(0);
});
