import { describe, expect, it } from "vitest";
import { formatWhen, localInputToIso, toLocalInputValue } from "./date-time";

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

describe("formatWhen", () => {
  // Local times: the test holds whatever the machine's zone.
  const now = new Date(2026, 11, 1, 10, 0); // Tuesday 1 December 2026, 10:00
  it("writes the time alone today, the weekday within six days either way, the date beyond, the year when another", () => {
    expect(formatWhen(new Date(2026, 11, 1, 14, 30), now, "en-GB")).toBe("14:30");
    expect(formatWhen(new Date(2026, 11, 3, 9, 0), now, "en-GB")).toBe("Thu 09:00");
    expect(formatWhen(new Date(2026, 10, 28, 9, 0), now, "en-GB")).toBe("Sat 09:00");
    expect(formatWhen(new Date(2026, 11, 8, 9, 0), now, "en-GB")).toBe("Tue 8 Dec, 09:00");
    expect(formatWhen(new Date(2027, 0, 12, 9, 0), now, "en-GB")).toBe("Tue, 12 Jan 2027, 09:00");
  });

  it("follows the locale's 12- or 24-hour clock", () => {
    expect(formatWhen(new Date(2026, 11, 1, 14, 30), now, "en-US")).toBe("2:30 PM");
    expect(formatWhen(new Date(2026, 11, 3, 9, 5), now, "en-US")).toBe("Thu 9:05 AM");
    expect(formatWhen(new Date(2026, 11, 1, 9, 5), now, "en-GB")).toBe("09:05");
  });
});
