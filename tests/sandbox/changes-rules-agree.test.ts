import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { familySchema, joinerSchema, leaverSchema } from "~/membership/changes/change-forms";
import { type TestApi, startApi } from "./helpers";
import { DAY, V1, paidTeam } from "./paid-membership";

/**
 * The change forms' date rules (app/membership/changes/change-forms.ts) and the API's (docs/api-contract.md, Changes
 * during the year) say the same of the same dates: each date goes to both, and the refusal each gives
 * (or none) must match, word for word.
 */

let api: TestApi;
let admin: Awaited<ReturnType<typeof paidTeam>>;
/** 40 days after the helpers' purchase on 2 June 2025, so 30 days back is inside the cover. */
const TODAY = "2025-07-12";
const dates = ["2025-07-13", "2025-07-12", "2025-06-12", "2025-06-11"];

beforeAll(async () => {
  api = await startApi();
  admin = await paidTeam(api, "yearly");
  await admin.later(40 * DAY);
});
afterAll(async () => {
  await api.close();
});

const person = {
  employee_code: "E-9",
  full_name: "Arjun Nair",
  gender: "male",
  date_of_birth: "1994-05-06",
  relationship: "self",
  mobile: "9812345678",
  email: "arjun@fernleaf.example",
};

/** The API's word on a date: its refusal of `effective_date`, or null when the date passes. */
async function apiSays(body: Record<string, unknown>): Promise<string | null> {
  const answer = await api.call("POST", `${V1}/membership/changes/quote`, { token: admin.token(), body });
  return answer.status === 422 && answer.json.data?.field === "effective_date" ? answer.json.msg : null;
}

/** The form's word on a date: its refusal of `effective_date`, or null. */
function appSays(
  schema: {
    safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: unknown[]; message: string }[] } };
  },
  form: unknown,
) {
  const parsed = schema.safeParse(form);
  return parsed.success ? null : (parsed.error!.issues.find((i) => i.path[0] === "effective_date")?.message ?? null);
}

describe("the change forms' dates agree with the API", () => {
  for (const date of dates) {
    it(`a joiner, a leaver and a family event dated ${date}`, async () => {
      const joinerForm = {
        intent: "add",
        cover: "18-35|1A",
        effective_date: date,
        self: { ...person, relationship: undefined },
      };
      expect(appSays(joinerSchema(TODAY, []), joinerForm)).toBe(
        await apiSays({ kind: "add", band: "18-35", range: "1A", effective_date: date, members: [person] }),
      );
      const leaverForm = { intent: "remove", employee_code: "E-1", effective_date: date, reason: "Resigned" };
      // A last day after today is the API's alone to judge (it knows the period paid for).
      if (date <= TODAY)
        expect(appSays(leaverSchema(TODAY), leaverForm)).toBe(
          await apiSays({ kind: "remove", employee_code: "E-1", effective_date: date, reason: "Resigned" }),
        );
      const familyForm = {
        intent: "family",
        employee_code: "E-1",
        dependant: "son",
        effective_date: date,
        full_name: "Baby",
      };
      expect(appSays(familySchema(TODAY), familyForm)).toBe(
        await apiSays({
          kind: "family",
          employee_code: "E-1",
          event: "birth",
          effective_date: date,
          member: { full_name: "Baby", gender: "male", date_of_birth: date, relationship: "son" },
        }),
      );
    });
  }
});
