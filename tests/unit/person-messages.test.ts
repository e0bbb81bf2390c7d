import { describe, expect, it } from "vitest";
import { summaryLine } from "~/components/form";
import { addMemberSchema } from "~/membership/census/add-member-form";
import { joinerSchema } from "~/membership/changes/change-forms";
import { personSummaryTargets } from "~/membership/people/people";
import { parseSubmission } from "~/validation/submission.server";

const TODAY = "2026-11-20";
const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
};

/** Each refusal of a family form as its error summary says it, in the order the form reports them. */
function summaryLines(
  submission: ReturnType<typeof parseSubmission>,
  targets: ReturnType<typeof personSummaryTargets>,
): string[] {
  const { error } = submission.reply();
  return Object.entries(error ?? {}).flatMap(([name, messages]) =>
    (messages ?? []).map((m) => summaryLine(m, targets[name])),
  );
}

/** docs/product.md, Accessibility: a family form asks the same fields of several people; each message says whose. */
describe("a family form's messages name the person", () => {
  it("on the census's add form, the employee and the spouse by their relationship", () => {
    const submission = parseSubmission(
      form({ intent: "add", "self.employee_code": "E-1", "spouse.full_name": "Meena Kumar" }),
      addMemberSchema(TODAY, ["spouse", "child1"]),
    );
    const lines = summaryLines(submission, personSummaryTargets("add", ["self", "spouse", "child1"], "asked"));
    expect(lines).toContain("Employee: Enter the full name");
    expect(lines).toContain("Employee: Enter the date of joining");
    expect(lines).toContain("Spouse: Enter a real date of birth");
    // A child left blank is not asked about.
    expect(lines.some((l) => l.startsWith("First child"))).toBe(false);
  });

  it("on the joiner's form, the joiner and a child by which child", () => {
    const submission = parseSubmission(
      form({
        intent: "add",
        cover: "36-45|2A+2C",
        effective_date: TODAY,
        "self.full_name": "Ravi Kumar",
        "child2.full_name": "Anu Kumar",
      }),
      joinerSchema(TODAY, ["spouse", "child1", "child2"]),
    );
    const targets = personSummaryTargets("add", ["self", "spouse", "child1", "child2"], "dated", "Joiner");
    const lines = summaryLines(submission, targets);
    expect(lines).toContain("Joiner: Enter a real date of birth");
    expect(lines.some((l) => l.startsWith("Second child: "))).toBe(true);
    // Each leads to its own field: the summary's link is "#" + the input's id.
    expect(targets["child2.date_of_birth"]).toEqual({ id: "add-child2.date_of_birth", label: "Second child" });
    // The date of joining is the change's own: not a field of the joiner's.
    expect(targets["self.date_of_joining"]).toBeUndefined();
  });
});
