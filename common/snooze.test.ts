// When a snooze ends: inside the snoozer's working hours, in their own time zone, whatever was asked for.
import { describe, expect, it } from "vitest";
import { DEFAULT_WORKING_HOURS } from "./profile.ts";
import { snoozeEnd } from "./snooze.ts";

// Paris, 09:00–17:00, Monday to Friday. 2026-11-23 is a Monday; Paris is UTC+1 in winter, UTC+2 from 2027-03-28.
const paris = { timezone: "Europe/Paris", workingHours: DEFAULT_WORKING_HOURS };
const at = (iso: string) => new Date(iso);

describe("snoozeEnd", () => {
  it("ends later today three hours on, at a quarter hour, while that is within today's hours", () => {
    expect(snoozeEnd({ choice: "later-today" }, at("2026-11-23T09:05:00Z"), paris)).toEqual(at("2026-11-23T12:15:00Z"));
    expect(snoozeEnd({ choice: "later-today" }, at("2026-11-23T12:30:00Z"), paris)).toEqual(at("2026-11-23T15:30:00Z"));
    // 14:00 in Paris: three hours on is 17:00, when the working day is over.
    expect(snoozeEnd({ choice: "later-today" }, at("2026-11-23T13:00:00Z"), paris)).toBeNull();
    // 15:00 in Paris: three hours on is after 17:00, so "later today" is not open.
    expect(snoozeEnd({ choice: "later-today" }, at("2026-11-23T14:00:00Z"), paris)).toBeNull();
  });

  it("ends tomorrow as the next working day starts, skipping the weekend", () => {
    expect(snoozeEnd({ choice: "tomorrow" }, at("2026-11-23T09:00:00Z"), paris)).toEqual(at("2026-11-24T08:00:00Z"));
    // Late on Monday evening in Paris (23:30 UTC is 00:30 Tuesday there): tomorrow is Wednesday.
    expect(snoozeEnd({ choice: "tomorrow" }, at("2026-11-23T23:30:00Z"), paris)).toEqual(at("2026-11-25T08:00:00Z"));
    expect(snoozeEnd({ choice: "tomorrow" }, at("2026-11-27T10:00:00Z"), paris)).toEqual(at("2026-11-30T08:00:00Z"));
  });

  it("ends next week as Monday's working hours start, a week on from a Monday", () => {
    expect(snoozeEnd({ choice: "next-week" }, at("2026-11-23T09:00:00Z"), paris)).toEqual(at("2026-11-30T08:00:00Z"));
    expect(snoozeEnd({ choice: "next-week" }, at("2026-11-29T12:00:00Z"), paris)).toEqual(at("2026-11-30T08:00:00Z"));
    // Someone who works Tuesday to Saturday starts their next week on Tuesday.
    const tuesdayToSaturday = { ...paris, workingHours: { days: [2, 3, 4, 5, 6], start: "08:30", end: "16:00" } };
    expect(snoozeEnd({ choice: "next-week" }, at("2026-11-25T09:00:00Z"), tuesdayToSaturday)).toEqual(at("2026-12-01T07:30:00Z"));
  });

  it("ends on a chosen day as its working hours start, or the next working day's for a day off", () => {
    expect(snoozeEnd({ on: "2026-12-02" }, at("2026-11-23T09:00:00Z"), paris)).toEqual(at("2026-12-02T08:00:00Z"));
    expect(snoozeEnd({ on: "2026-11-28" }, at("2026-11-23T09:00:00Z"), paris)).toEqual(at("2026-11-30T08:00:00Z"));
  });

  it("moves an exact time outside working hours to the next start, and keeps one inside them", () => {
    // Twenty-four hours after 00:46 is 00:46: the snooze ends at 09:00 that morning instead.
    expect(snoozeEnd({ until: at("2026-11-24T23:46:00Z") }, at("2026-11-23T23:46:00Z"), paris)).toEqual(at("2026-11-25T08:00:00Z"));
    expect(snoozeEnd({ until: at("2026-11-24T13:20:00Z") }, at("2026-11-23T13:20:00Z"), paris)).toEqual(at("2026-11-24T13:20:00Z"));
  });

  it("counts in the person's own calendar across a daylight-saving change", () => {
    // Friday 2027-03-26 in Paris; the clocks go forward on Sunday: Monday 09:00 is 07:00 UTC.
    expect(snoozeEnd({ choice: "tomorrow" }, at("2027-03-26T10:00:00Z"), paris)).toEqual(at("2027-03-29T07:00:00Z"));
    const tokyo = { timezone: "Asia/Tokyo", workingHours: DEFAULT_WORKING_HOURS };
    expect(snoozeEnd({ choice: "tomorrow" }, at("2026-11-23T09:00:00Z"), tokyo)).toEqual(at("2026-11-24T00:00:00Z"));
  });
});
