// Working hours counted in a person's own time zone, across weekends and daylight-saving changes.
import { describe, expect, it } from "vitest";
import { DEFAULT_WORKING_HOURS } from "./profile.ts";
import { addWorkingHours, nextWorkingMoment } from "./working-time.ts";

const nineToFive = DEFAULT_WORKING_HOURS; // Monday to Friday, 09:00–17:00
const at = (iso: string) => new Date(iso);

describe("adding working hours", () => {
  it("counts only the hours inside the person's day: 24 working hours after Monday 16:00 is Thursday 16:00", () => {
    expect(addWorkingHours(at("2027-11-22T16:00:00+01:00"), 24, "Europe/Berlin", nineToFive)).toEqual(at("2027-11-25T16:00:00+01:00"));
  });

  it("skips the weekend, and starts counting at the next working hour when given a time outside them", () => {
    expect(addWorkingHours(at("2027-11-26T16:00:00+01:00"), 2, "Europe/Berlin", nineToFive)).toEqual(at("2027-11-29T10:00:00+01:00"));
    expect(addWorkingHours(at("2027-11-27T03:00:00+01:00"), 1, "Europe/Berlin", nineToFive)).toEqual(at("2027-11-29T10:00:00+01:00"));
    expect(addWorkingHours(at("2027-11-22T20:00:00+01:00"), 1, "Europe/Berlin", nineToFive)).toEqual(at("2027-11-23T10:00:00+01:00"));
  });

  it("lands inside working hours: a count that ends as the day ends goes on at the next day's start", () => {
    expect(addWorkingHours(at("2027-11-22T09:00:00+01:00"), 8, "Europe/Berlin", nineToFive)).toEqual(at("2027-11-23T09:00:00+01:00"));
  });

  it("keeps 09:00 at 09:00 across Berlin's spring change (last Sunday of March): 65 hours of the clock, not 66", () => {
    const friday = at("2027-03-26T16:00:00+01:00");
    const monday = addWorkingHours(friday, 2, "Europe/Berlin", nineToFive);
    expect(monday).toEqual(at("2027-03-29T10:00:00+02:00"));
    expect((monday.getTime() - friday.getTime()) / 3_600_000).toBe(65);
  });

  it("keeps 09:00 at 09:00 across New York's autumn change (first Sunday of November): 67 hours of the clock, not 66", () => {
    const friday = at("2027-11-05T16:00:00-04:00");
    const monday = addWorkingHours(friday, 2, "America/New_York", nineToFive);
    expect(monday).toEqual(at("2027-11-08T10:00:00-05:00"));
    expect((monday.getTime() - friday.getTime()) / 3_600_000).toBe(67);
  });

  it("works a Sunday shift through the short day of a daylight-saving change: still eight hours", () => {
    const sundays = { days: [7], start: "09:00", end: "17:00" };
    expect(addWorkingHours(at("2027-03-28T09:00:00+02:00"), 8, "Europe/Berlin", sundays)).toEqual(at("2027-04-04T09:00:00+02:00"));
    expect(addWorkingHours(at("2027-03-28T09:00:00+02:00"), 7.5, "Europe/Berlin", sundays)).toEqual(at("2027-03-28T16:30:00+02:00"));
  });

  it("counts in the recipient's zone, whatever the server's: Tokyo's Monday morning is Sunday evening in UTC", () => {
    expect(addWorkingHours(at("2027-11-21T23:00:00Z"), 1, "Asia/Tokyo", nineToFive)).toEqual(at("2027-11-22T10:00:00+09:00"));
  });
});

describe("the next working moment", () => {
  it("is the moment itself inside working hours, else the start of the next working span", () => {
    expect(nextWorkingMoment(at("2027-11-22T11:15:00+01:00"), "Europe/Berlin", nineToFive)).toEqual(at("2027-11-22T11:15:00+01:00"));
    expect(nextWorkingMoment(at("2027-11-22T07:00:00+01:00"), "Europe/Berlin", nineToFive)).toEqual(at("2027-11-22T09:00:00+01:00"));
    expect(nextWorkingMoment(at("2027-11-22T17:00:00+01:00"), "Europe/Berlin", nineToFive)).toEqual(at("2027-11-23T09:00:00+01:00"));
    expect(nextWorkingMoment(at("2027-11-26T18:00:00+01:00"), "Europe/Berlin", nineToFive)).toEqual(at("2027-11-29T09:00:00+01:00"));
  });

  it("follows the person's own days and hours", () => {
    const weekendShift = { days: [6, 7], start: "10:00", end: "14:00" };
    expect(nextWorkingMoment(at("2027-11-22T11:00:00+01:00"), "Europe/Berlin", weekendShift)).toEqual(at("2027-11-27T10:00:00+01:00"));
  });
});
