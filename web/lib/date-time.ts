// Dates as people read and type them: in their own time zone, sent to the server as ISO 8601 with the offset.
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
 * Formatters are made once per locale and style, when first needed: making one loads the locale's (and a time
 * zone's) data, milliseconds each time on a phone — a dashboard formats every card's dates on each render.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ""} ${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) formatters.set(key, (made = new Intl.DateTimeFormat(locale, options)));
  return made;
}

/**
 * A moment anywhere in the app, relative to now as formatWhen writes it ("14:30", "Tue 09:00", "Tue 8 Dec, 09:00"):
 * the one way the app shows a moment (issue #27). For a tooltip that must say exactly when, formatFullDateTime.
 */
export function formatDateTime(iso: string | Date, locale?: string): string {
  return formatWhen(iso, new Date(), locale);
}

/** The whole date and time ("Tuesday 8 December 2026 at 09:00"), for a tooltip or a screen reader's detail. */
export function formatFullDateTime(iso: string | Date, locale?: string): string {
  return formatter(locale, { dateStyle: "full", timeStyle: "short" }).format(new Date(iso));
}

export function formatDate(iso: string | Date, locale?: string): string {
  return formatter(locale, { dateStyle: "medium" }).format(new Date(iso));
}

/** A date of the site's content ("November 10, 2026"): the same when pre-rendered and in every browser (UTC). */
export const formatContentDate = (isoDate: string) => formatter("en", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${isoDate}T00:00:00Z`));

const SIX_DAYS_MS = 6 * 24 * 60 * 60 * 1000;

/**
 * A moment, as the app writes it (issue #27): the time alone today ("14:30"), the weekday and time within six days
 * either way ("Tue 09:00"), the date and time beyond ("Tue 8 Dec, 09:00"), with the year when it is another year.
 * 12- or 24-hour as the reader's locale has it.
 */
export function formatWhen(iso: string | Date, now: Date, locale?: string): string {
  const date = new Date(iso);
  // "9:05 AM" where the clock has 12 hours, "09:05" where it has 24, whatever else is written with it.
  const time = { hour: formatter(locale, { timeStyle: "short" }).resolvedOptions().hour12 ? "numeric" : "2-digit", minute: "2-digit" } as const;
  if (date.toDateString() === now.toDateString()) return formatter(locale, time).format(date);
  if (Math.abs(date.getTime() - now.getTime()) < SIX_DAYS_MS) return formatter(locale, { weekday: "short", ...time }).format(date);
  const year = date.getFullYear() === now.getFullYear() ? {} : { year: "numeric" as const };
  return formatter(locale, { weekday: "short", day: "numeric", month: "short", ...year, ...time }).format(date);
}

/** A day, as the app writes it: "Tue 8 Dec" (with the year when it is another year). */
export function formatDay(iso: string | Date, now: Date, locale?: string): string {
  const date = new Date(iso);
  const year = date.getFullYear() === now.getFullYear() ? {} : { year: "numeric" as const };
  return formatter(locale, { weekday: "short", day: "numeric", month: "short", ...year }).format(date);
}

/** The time of day somewhere else ("00:46" in Tokyo), as the reader's locale writes times. */
export function formatTimeIn(moment: Date, timeZone: string, locale?: string): string {
  try {
    return formatter(locale, { timeStyle: "short", timeZone }).format(moment);
  } catch {
    return formatter(locale, { timeStyle: "short" }).format(moment);
  }
}
