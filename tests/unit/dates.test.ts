import { describe, expect, it } from "vitest";
import { addDays, dayBefore, downloadDate, downloadTime } from "~/utils/dates";

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

/** docs/product.md, The pages (Files): downloads write dates as the template asks for them, and times in IST. */
describe("dates and times in downloads", () => {
  it("writes a date DD-MM-YYYY, as the template asks", () => {
    expect(downloadDate("2025-06-02")).toBe("02-06-2025");
    expect(downloadDate("1991-12-31")).toBe("31-12-1991");
  });

  it("writes an instant in India's time, the date turning at midnight IST", () => {
    expect(downloadTime("2025-06-25T08:33:00.000Z")).toBe("25-06-2025 14:03 IST");
    expect(downloadTime("2025-06-25T18:30:00.000Z")).toBe("26-06-2025 00:00 IST");
    expect(downloadTime("2025-12-31T20:00:00Z")).toBe("01-01-2026 01:30 IST");
  });
});
