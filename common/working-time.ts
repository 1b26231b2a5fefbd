// Time counted in someone's working hours, in their own time zone (DESIGN.md §4): "24 working hours after" a
// Monday 16:00 for someone who works 09:00–17:00, Monday to Friday, is Thursday 16:00. Days are walked in the
// person's calendar, so a daylight-saving change (a 23- or 25-hour day) shifts nothing: 09:00 stays 09:00.
// Pure functions of their inputs; every instant is a UTC Date.
import { Temporal } from "temporal-polyfill";
import type { WorkingHours } from "./profile.ts";
import { MINUTE_MS } from "./durations.ts";


const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The instant of a local date and time there; a time skipped by a daylight-saving change counts as the next one. */
function instantAt(date: Temporal.PlainDate, minutes: number, timezone: string): number {
  return date.toPlainDateTime({ hour: Math.floor(minutes / 60), minute: minutes % 60 }).toZonedDateTime(timezone, { disambiguation: "compatible" }).epochMilliseconds;
}

/** Each working span of the person from the local day of `from` on, as [start, end) in epoch milliseconds. */
function* workingSpans(from: Date, timezone: string, hours: WorkingHours): Generator<[number, number]> {
  const start = minutesOf(hours.start);
  const end = minutesOf(hours.end);
  // Working hours always name at least one day (workingHoursSchema); without one there would be no span to find.
  if (hours.days.length === 0) return;
  let date = Temporal.Instant.fromEpochMilliseconds(from.getTime()).toZonedDateTimeISO(timezone).toPlainDate();
  for (;;) {
    if (hours.days.includes(date.dayOfWeek)) yield [instantAt(date, start, timezone), instantAt(date, end, timezone)];
    date = date.add({ days: 1 });
  }
}

/** The first moment at or after `from` inside the person's working hours. */
export function nextWorkingMoment(from: Date, timezone: string, hours: WorkingHours): Date {
  const at = from.getTime();
  for (const [start, end] of workingSpans(from, timezone, hours)) {
    if (at < end) return new Date(Math.max(at, start));
  }
  return from;
}

/**
 * The moment `workingHours` of the person's working time after `from` (time outside their hours does not count),
 * always inside their working hours: a count that ends exactly as a day's hours end goes on at the next day's start.
 */
export function addWorkingHours(from: Date, workingHours: number, timezone: string, hours: WorkingHours): Date {
  let left = Math.round(workingHours * 60) * MINUTE_MS;
  let at = from.getTime();
  for (const [start, end] of workingSpans(from, timezone, hours)) {
    if (at >= end) continue;
    at = Math.max(at, start);
    if (at + left < end) return new Date(at + left);
    left -= end - at;
    at = end;
  }
  return new Date(at);
}

/** The instant a local calendar date ("2026-12-01") begins in `timezone`. */
export function startOfLocalDate(date: string, timezone: string): Date {
  return new Date(Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: timezone }).epochMilliseconds);
}

/** The local calendar date of `moment` in `timezone`, `days` later ("2026-12-01"). */
export function localDate(moment: Date, timezone: string, days = 0): string {
  return Temporal.Instant.fromEpochMilliseconds(moment.getTime()).toZonedDateTimeISO(timezone).toPlainDate().add({ days }).toString();
}

/** The ISO weekday (1 is Monday) of a local calendar date. */
export const weekdayOf = (date: string) => Temporal.PlainDate.from(date).dayOfWeek;
