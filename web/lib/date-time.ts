// Dates as people read and type them: in their own time zone, sent to the server as ISO 8601 with the offset.
import { formatDate as dateOf, formatDay as dayOf, formatFullDateTime as fullDateTimeOf, formatter, formatTime as timeOf, formatWhen as whenOf } from "@/common/moments";
import { currentReader } from "./reader";
const pad = (value: number) => String(value).padStart(2, "0");

/** A local date and time ("2026-03-01T14:30", what <input type="datetime-local"> holds) as ISO 8601 with this browser's offset. */
export function localInputToIso(localValue: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(localValue)) return undefined;
  const date = new Date(localValue);
  if (Number.isNaN(date.getTime())) return undefined;
  const offsetMinutes = -date.getTimezoneOffset();
  const sign = offsetMinutes >= 0 ? "+" : "-";
  const offset = `${sign}${pad(Math.floor(Math.abs(offsetMinutes) / 60))}:${pad(Math.abs(offsetMinutes) % 60)}`;
  return `${toLocalInputValue(date)}:${pad(date.getSeconds())}${offset}`;
}

/** A moment as <input type="datetime-local"> wants it, in local time, to the minute. */
export function toLocalInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A moment anywhere in the app, relative to now as formatWhen writes it ("14:30", "Tue 09:00", "Tue 8 Dec, 09:00"):
 * the one way the app shows a moment (issue #27). For a tooltip that must say exactly when, formatFullDateTime.
 */
export function formatDateTime(iso: string | Date): string {
  return formatWhen(iso, new Date());
}

/** The whole date and time ("Tuesday 8 December 2026 at 09:00"), for a tooltip or a screen reader's detail. */
export const formatFullDateTime = (iso: string | Date): string => fullDateTimeOf(iso, currentReader());

/** A date with its year ("8 Dec 2026"). */
export const formatDate = (iso: string | Date): string => dateOf(iso, currentReader());

/** A date of the site's content ("November 10, 2026"): the same when pre-rendered and in every browser (UTC). */
export const formatContentDate = (isoDate: string) => formatter("en", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${isoDate}T00:00:00Z`));

/** A moment, as the app writes it ("14:30", "Tue 09:00", "Tue 8 Dec, 09:00"): common/moments.ts, for the reader. */
export const formatWhen = (iso: string | Date, now: Date): string => whenOf(iso, now, currentReader());

/** A day, as the app writes it: "Tue 8 Dec" (with the year when it is another year). */
export const formatDay = (iso: string | Date, now: Date): string => dayOf(iso, now, currentReader());

/** The time of day somewhere else ("00:46" in Tokyo), as the reader's locale writes times. */
export const formatTimeIn = (moment: Date, timeZone: string): string => timeOf(moment, { ...currentReader(), timeZone });
