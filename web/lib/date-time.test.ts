import { afterEach, describe, expect, it } from "vitest";
import { formatDate, formatDay, formatFullDateTime, formatTimeIn, formatWhen, localInputToIso, toLocalInputValue } from "./date-time";
import { setReader } from "./reader";

describe("localInputToIso", () => {
  it("keeps the local wall time and adds this browser's offset", () => {
    const iso = localInputToIso("2026-03-01T14:30");
    expect(iso).toMatch(/^2026-03-01T14:30:00[+-]\d{2}:\d{2}$/);
    expect(new Date(iso ?? "").getTime()).toBe(new Date("2026-03-01T14:30").getTime());
  });

  it("refuses what is not a date and time", () => {
    expect(localInputToIso("")).toBeUndefined();
    expect(localInputToIso("tomorrow")).toBeUndefined();
    expect(localInputToIso("2026-13-45T99:99")).toBeUndefined();
  });

  it("round-trips with toLocalInputValue", () => {
    const date = new Date(2026, 5, 15, 9, 5);
    expect(toLocalInputValue(date)).toBe("2026-06-15T09:05");
    expect(new Date(localInputToIso(toLocalInputValue(date)) ?? "").getTime()).toBe(date.getTime());
  });
});

describe("dates for the reader: their profile's time zone, the page's locale", () => {
  // Tuesday 1 December 2026, 10:00 in Berlin.
  const now = new Date("2026-12-01T09:00:00Z");
  afterEach(() => setReader({}));

  it("writes the time alone today, the weekday within six days either way, the date beyond, the year when another", () => {
    setReader({ locale: "en-GB", timeZone: "Europe/Berlin" });
    expect(formatWhen("2026-12-01T13:30:00Z", now)).toBe("14:30");
    expect(formatWhen("2026-12-03T08:00:00Z", now)).toBe("Thu 09:00");
    expect(formatWhen("2026-11-28T08:00:00Z", now)).toBe("Sat 09:00");
    expect(formatWhen("2026-12-08T08:00:00Z", now)).toBe("Tue 8 Dec, 09:00");
    expect(formatWhen("2027-01-12T08:00:00Z", now)).toBe("Tue 12 Jan 2027, 09:00");
    expect(formatDay("2026-12-08T08:00:00Z", now)).toBe("Tue 8 Dec");
    expect(formatDate("2026-12-08T08:00:00Z")).toBe("8 Dec 2026");
    expect(formatFullDateTime("2026-12-08T08:00:00Z")).toBe("Tuesday 8 December 2026 at 09:00");
  });

  it("follows the locale's 12- or 24-hour clock and its order of month and day", () => {
    setReader({ locale: "en-US", timeZone: "Europe/Berlin" });
    expect(formatWhen("2026-12-01T13:30:00Z", now)).toBe("2:30 PM");
    expect(formatWhen("2026-12-03T08:05:00Z", now)).toBe("Thu 9:05 AM");
    expect(formatWhen("2026-12-08T08:00:00Z", now)).toBe("Tue, Dec 8, 9:00 AM");
    expect(formatDate("2026-12-08T08:00:00Z")).toBe("Dec 8, 2026");
    expect(formatFullDateTime("2026-12-08T23:00:00Z")).toBe("Wednesday, December 9, 2026 at 12:00 AM");
  });

  it("is written in the profile's time zone, whatever the browser's", () => {
    setReader({ locale: "en-GB", timeZone: "Asia/Tokyo" });
    // 23:30 on Tuesday in Tokyo: today still, there.
    expect(formatWhen("2026-12-01T14:30:00Z", now)).toBe("23:30");
    expect(formatTimeIn(new Date("2026-12-01T14:30:00Z"), "America/New_York")).toBe("09:30");
    setReader({ locale: "en-GB", timeZone: "America/Los_Angeles" });
    expect(formatWhen("2026-12-01T14:30:00Z", now)).toBe("06:30");
  });
});
