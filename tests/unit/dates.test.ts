import { describe, expect, it } from "vitest";
import { addDays, dayBefore } from "~/utils/dates";

/** Calendar days as the admin reads them: the last day paid for, a back-dating limit. */
describe("calendar days", () => {
  it("counts across month, year and leap-day boundaries", () => {
    expect(addDays("2026-01-31", 1)).toBe("2026-02-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(addDays("2026-03-30", -30)).toBe("2026-02-28");
  });

  it("the day before a charge date is the last day paid for", () => {
    expect(dayBefore("2026-03-01")).toBe("2026-02-28");
    expect(dayBefore("2027-01-01")).toBe("2026-12-31");
  });
});
