import { describe, expect, it } from "vitest";
import { dependantsAllowed } from "~/membership/people/people";

/** The add form and the joiner form offer the dependants the widest family cover bought takes (app/membership/census/rules.ts). */
describe("dependants a company's family covers allow", () => {
  it("follows the widest cover bought, whatever else was bought", () => {
    expect(dependantsAllowed([])).toEqual([]);
    expect(dependantsAllowed(["1A"])).toEqual([]);
    expect(dependantsAllowed(["1A", "2A"])).toEqual(["spouse"]);
    expect(dependantsAllowed(["2A+2C", "1A"])).toEqual(["spouse", "child1", "child2"]);
    expect(dependantsAllowed(["unknown"])).toEqual([]);
  });
});
