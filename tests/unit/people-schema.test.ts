import { describe, expect, it } from "vitest";
import { addMemberSchema } from "~/membership/census/add-member-form";
import { MEMBER_MESSAGES } from "~/membership/census/rules";
import { joinerSchema } from "~/membership/changes/change-forms";
import { parseSubmission } from "~/validation/submission.server";

const TODAY = "2026-11-20";
const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
};
const employee = {
  "self.employee_code": "E-7",
  "self.full_name": " Priya Nair ",
  "self.gender": "female",
  "self.date_of_birth": "1994-05-06",
  "self.mobile": "9876512345",
  "self.email": "Priya@Fernleaf.example",
};

/** The census's add form and the changes' joiner form name a family with one schema (app/membership/people/people.ts). */
describe("one family, one schema, two forms", () => {
  it("the add form asks the date of joining; a dependant takes the employee's code and a child its gender", () => {
    const submission = parseSubmission(
      form({
        intent: "add",
        ...employee,
        "self.date_of_joining": "2025-01-06",
        "child1.full_name": "Anu Nair",
        "child1.relationship": "daughter",
        "child1.date_of_birth": "2020-02-02",
        // Not allowed by the cover bought: ignored, never sent.
        "spouse.full_name": "Ravi Nair",
      }),
      addMemberSchema(TODAY, ["child1"]),
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.people).toEqual(["self", "child1"]);
    expect(submission.value.members).toEqual([
      expect.objectContaining({
        full_name: "Priya Nair",
        email: "priya@fernleaf.example",
        date_of_joining: "2025-01-06",
      }),
      expect.objectContaining({
        employee_code: "E-7",
        relationship: "daughter",
        gender: "female",
        date_of_joining: null,
      }),
    ]);
  });

  it("a person's problem is refused on that person's field, with the census's words", () => {
    const submission = parseSubmission(
      form({ intent: "add", ...employee, "self.mobile": "98765", "child1.full_name": "Anu Nair" }),
      addMemberSchema(TODAY, ["child1"]),
    );
    expect(submission.status).toBe("error");
    expect(submission.reply().error).toEqual({
      "self.mobile": [MEMBER_MESSAGES.mobile],
      "self.date_of_joining": [MEMBER_MESSAGES.dateOfJoining],
      "child1.relationship": [MEMBER_MESSAGES.relationship],
      "child1.date_of_birth": [MEMBER_MESSAGES.dateOfBirth],
    });
  });

  it("the joiner form does not ask the date of joining: the joiner joins on the change's date", () => {
    const submission = parseSubmission(
      form({ intent: "add", cover: "18-35|1A", effective_date: "2026-11-18", ...employee }),
      joinerSchema(TODAY, []),
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.members).toEqual([expect.objectContaining({ date_of_joining: "2026-11-18" })]);
  });
});
