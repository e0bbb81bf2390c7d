import { describe, expect, it } from "vitest";
import { changeKindCode, changeKindLabel } from "~/content/change-kinds";

/** docs/product.md, Changes during the year (the statement): each kind of change is named as what it is. */
describe("the statement's names for changes", () => {
  it.each([
    [{ kind: "add", event: null }, "Joiner added", "joiner"],
    [{ kind: "add", event: "birth" }, "Newborn added", "newborn"],
    [{ kind: "add", event: "marriage" }, "Spouse added (marriage)", "spouse"],
    [{ kind: "remove", event: null }, "Leaver removed", "leaver"],
  ] as const)("%j is %s on the page and %s in the CSV", (change, label, code) => {
    expect(changeKindLabel(change)).toBe(label);
    expect(changeKindCode(change)).toBe(code);
  });
});
