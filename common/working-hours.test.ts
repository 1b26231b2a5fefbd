import { describe, expect, it } from "vitest";
import { DEFAULT_WORKING_HOURS } from "./profile.ts";
import { isWithinWorkingHours, localTime } from "./working-hours.ts";

describe("working hours", () => {
  // Wednesday 2026-11-25, 16:30 UTC: 17:30 in Berlin, 11:30 in New York, 01:30 (Thursday) in Tokyo.
  const moment = new Date("2026-11-25T16:30:00Z");

  it("reads the weekday and time in the person's own time zone", () => {
    expect(localTime(moment, "Europe/Berlin")).toEqual({ weekday: 3, time: "17:30" });
    expect(localTime(moment, "America/New_York")).toEqual({ weekday: 3, time: "11:30" });
    expect(localTime(moment, "Asia/Tokyo")).toEqual({ weekday: 4, time: "01:30" });
    expect(localTime(new Date("2026-11-29T12:00:00Z"), "UTC")).toEqual({ weekday: 7, time: "12:00" });
  });

  it("is inside the hours on a working day, from the start up to (not including) the end", () => {
    expect(isWithinWorkingHours(moment, "America/New_York", DEFAULT_WORKING_HOURS)).toBe(true);
    expect(isWithinWorkingHours(moment, "Europe/Berlin", DEFAULT_WORKING_HOURS)).toBe(false);
    expect(isWithinWorkingHours(moment, "Asia/Tokyo", DEFAULT_WORKING_HOURS)).toBe(false);
    expect(isWithinWorkingHours(new Date("2026-11-25T09:00:00Z"), "UTC", DEFAULT_WORKING_HOURS)).toBe(true);
    expect(isWithinWorkingHours(new Date("2026-11-25T17:00:00Z"), "UTC", DEFAULT_WORKING_HOURS)).toBe(false);
    // Saturday, and a weekend worker.
    const saturday = new Date("2026-11-28T10:00:00Z");
    expect(isWithinWorkingHours(saturday, "UTC", DEFAULT_WORKING_HOURS)).toBe(false);
    expect(isWithinWorkingHours(saturday, "UTC", { days: [6, 7], start: "08:00", end: "12:00" })).toBe(true);
  });
});
