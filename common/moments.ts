// How a moment is written, in the app and in e-mails alike (issue #27's "one voice"): relative to now, in the reader's
// time zone, 12- or 24-hour as their locale has it. The web app's formatters (web/lib/date-time.ts) and the e-mails
// (server/mail/blocker-details.ts) both write moments through here.

/**
 * Formatters are made once per locale, zone and style, when first needed: making one loads the locale's (and a time
 * zone's) data, milliseconds each time on a phone — a dashboard formats every card's dates on each render.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
export function formatter(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ""} ${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) formatters.set(key, (made = new Intl.DateTimeFormat(locale, options)));
  return made;
}

/** Whose reading: their locale (the browser's when absent) and time zone (the browser's when absent). */
export type Reader = { locale?: string; timeZone?: string };

const SIX_DAYS_MS = 6 * 24 * 60 * 60 * 1000;

/** The calendar day and year of a moment where the reader is. */
const dayOf = (date: Date, timeZone: string | undefined) => formatter("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", ...(timeZone ? { timeZone } : {}) }).format(date);

/**
 * A moment (issue #27): the time alone today ("14:30"), the weekday and time within six days either way ("Tue 09:00"),
 * the date and time beyond ("Tue 8 Dec, 09:00"), with the year when it is another year.
 */
export function formatWhen(iso: string | Date, now: Date, reader: Reader = {}): string {
  const date = new Date(iso);
  const zone = reader.timeZone ? { timeZone: reader.timeZone } : {};
  // "9:05 AM" where the clock has 12 hours, "09:05" where it has 24, whatever else is written with it.
  const time = { hour: formatter(reader.locale, { timeStyle: "short" }).resolvedOptions().hour12 ? "numeric" : "2-digit", minute: "2-digit", ...zone } as const;
  const [day, today] = [dayOf(date, reader.timeZone), dayOf(now, reader.timeZone)];
  if (day === today) return formatter(reader.locale, time).format(date);
  if (Math.abs(date.getTime() - now.getTime()) < SIX_DAYS_MS) return formatter(reader.locale, { weekday: "short", ...time }).format(date);
  const year = day.slice(0, 4) === today.slice(0, 4) ? {} : { year: "numeric" as const };
  return formatter(reader.locale, { weekday: "short", day: "numeric", month: "short", ...year, ...time }).format(date);
}

/** A day: "Tue 8 Dec" (with the year when it is another year). */
export function formatDay(iso: string | Date, now: Date, reader: Reader = {}): string {
  const date = new Date(iso);
  const zone = reader.timeZone ? { timeZone: reader.timeZone } : {};
  const year = dayOf(date, reader.timeZone).slice(0, 4) === dayOf(now, reader.timeZone).slice(0, 4) ? {} : { year: "numeric" as const };
  return formatter(reader.locale, { weekday: "short", day: "numeric", month: "short", ...year, ...zone }).format(date);
}

/** How long something has waited, in the largest whole unit: "12 minutes", "3 hours", "2 days", "5 weeks". */
export function formatWait(since: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - since.getTime()) / 60_000));
  const units: [number, string][] = [[7 * 24 * 60, "week"], [24 * 60, "day"], [60, "hour"], [1, "minute"]];
  for (const [size, name] of units) {
    const count = Math.floor(minutes / size);
    if (count >= 1) return `${count} ${name}${count === 1 ? "" : "s"}`;
  }
  return "less than a minute";
}
