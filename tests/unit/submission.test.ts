import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MESSAGES } from "~/config/constants";
import { mobileNumber } from "~/validation/fields";
import { parseSubmission } from "~/validation/submission.server";

const schema = z.object({ mobile: mobileNumber }).strict();
const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
};
const validate = (name: string) => JSON.stringify({ type: "validate", payload: { name } });

describe("parseSubmission: the actions' form parser", () => {
  it("passes a valid plain submit", () => {
    const submission = parseSubmission(form({ mobile: "9876543210" }), schema);
    expect(submission.status).toBe("success");
  });

  it("answers inline validation with the schema's messages and never as a success, so nothing is saved", () => {
    const invalid = parseSubmission(form({ mobile: "12", __intent__: validate("mobile") }), schema);
    expect(invalid.status).toBeUndefined();
    expect(invalid.reply().error).toEqual({ mobile: [MESSAGES.phoneInvalid] });
    const valid = parseSubmission(form({ mobile: "9876543210", __intent__: validate("mobile") }), schema);
    expect(valid.status).toBeUndefined();
  });

  it.each([
    ["not JSON", "{"],
    ["another intent", JSON.stringify({ type: "insert", payload: { name: "mobile", defaultValue: "{" } })],
    ["a validate intent without a name", JSON.stringify({ type: "validate", payload: 5 })],
  ])("judges a post with a tampered intent (%s) as a plain submit instead of failing", (_, intent) => {
    expect(parseSubmission(form({ mobile: "12", __intent__: intent }), schema).reply().error).toEqual({
      mobile: [MESSAGES.phoneInvalid],
    });
    expect(parseSubmission(form({ mobile: "9876543210", __intent__: intent }), schema).status).toBe("success");
  });

  it("ignores a posted form state, which only a tampered post has", () => {
    expect(parseSubmission(form({ mobile: "9876543210", __state__: "{" }), schema).status).toBe("success");
  });
});
