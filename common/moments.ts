// How a moment is written, in the app and in e-mails alike (issue #27's "one voice"): relative to now, in the reader's
// time zone, 12- or 24-hour as their locale has it. The web app's formatters (web/lib/date-time.ts) and the e-mails
// (server/mail/blocker-details.ts) both write moments through here.
//
// The words are put together here from numbers (issue #28): the server renders the signed-in pages and the browser
// then draws them again, and the two must write every date alike. Node's and the browser's locale data differ in the
// details (en-GB's "Sep" or "Sept", a narrow no-break space before "AM", a comma after the weekday when a year
// follows), so Intl is asked only for numbers and for two facts of the locale — its clock and whether the month comes
// before the day — and the names are the app's own English ones (the app is written in English).

/**
 * Formatters are made once per locale, zone and style, when first needed: making one loads the locale's (and a time
 * zone's) data, milliseconds each time on a phone — a dashboard formats every card's dates on each render.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
export function formatter(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ""} ${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) formatters.set(key, (made = makeFormatter(locale, options)));
  return made;
}

/** A formatter even for a locale or zone this runtime does not know (a profile saved elsewhere): English, or UTC. */
function makeFormatter(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(locale, options);
  } catch {
    try {
      return new Intl.DateTimeFormat("en", options);
    } catch {
      return new Intl.DateTimeFormat("en", { ...options, timeZone: "UTC" });
    }
  }
}

/** Whose reading: their locale (the runtime's when absent) and time zone (the runtime's when absent). */
export type Reader = { locale?: string | undefined; timeZone?: string | undefined };

const SIX_DAYS_MS = 6 * 24 * 60 * 60 * 1000;
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const short = (name: string) => name.slice(0, 3);
const pad = (value: number) => String(value).padStart(2, "0");

/** A moment's calendar and clock where the reader is, as numbers. */
type Fields = { year: number; month: number; day: number; weekday: number; hour: number; minute: number };

function fieldsOf(date: Date, timeZone: string | undefined): Fields {
  const parts = formatter("en-US", { year: "numeric", month: "numeric", day: "numeric", weekday: "long", hour: "numeric", minute: "numeric", hourCycle: "h23", ...(timeZone ? { timeZone } : {}) }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value ?? "";
  return { year: Number(part("year")), month: Number(part("month")), day: Number(part("day")), weekday: WEEKDAYS.indexOf(part("weekday")), hour: Number(part("hour")) % 24, minute: Number(part("minute")) };
}

/** What a locale decides about the words: a 12-hour clock or not, the month before the day or after. */
type Conventions = { clock12: boolean; monthFirst: boolean };
const conventions = new Map<string, Conventions>();
function conventionsOf(locale: string | undefined): Conventions {
  let known = conventions.get(locale ?? "");
  if (!known) {
    const order = formatter(locale, { month: "short", day: "numeric", timeZone: "UTC" }).formatToParts(Date.UTC(2026, 0, 15));
    known = {
      clock12: formatter(locale, { hour: "numeric" }).resolvedOptions().hour12 === true,
      monthFirst: order.findIndex((part) => part.type === "month") < order.findIndex((part) => part.type === "day"),
    };
    conventions.set(locale ?? "", known);
  }
  return known;
}

const timeText = ({ hour, minute }: Fields, { clock12 }: Conventions) => (clock12 ? `${hour % 12 || 12}:${pad(minute)} ${hour < 12 ? "AM" : "PM"}` : `${pad(hour)}:${pad(minute)}`);

/** "Tue 8 Dec" or "Tue, Dec 8"; long: "Tuesday 8 December"; with the year when asked. */
function dayText(fields: Fields, { monthFirst }: Conventions, { year, long = false, weekday = true }: { year: boolean; long?: boolean; weekday?: boolean }) {
  const name = (whole: string) => (long ? whole : short(whole));
  const [day, month] = [fields.day, name(MONTHS[fields.month - 1] ?? "")];
  const date = monthFirst ? `${month} ${day}${year ? `, ${fields.year}` : ""}` : `${day} ${month}${year ? ` ${fields.year}` : ""}`;
  if (!weekday) return date;
  return `${name(WEEKDAYS[fields.weekday] ?? "")}${monthFirst ? "," : ""} ${date}`;
}

const sameDay = (a: Fields, b: Fields) => a.year === b.year && a.month === b.month && a.day === b.day;

/**
 * A moment (issue #27): the time alone today ("14:30"), the weekday and time within six days either way ("Tue 09:00"),
 * the date and time beyond ("Tue 8 Dec, 09:00"), with the year when it is another year.
 */
export function formatWhen(iso: string | Date, now: Date, reader: Reader = {}): string {
  const date = new Date(iso);
  const [fields, today, words] = [fieldsOf(date, reader.timeZone), fieldsOf(now, reader.timeZone), conventionsOf(reader.locale)];
  const time = timeText(fields, words);
  if (sameDay(fields, today)) return time;
  if (Math.abs(date.getTime() - now.getTime()) < SIX_DAYS_MS) return `${short(WEEKDAYS[fields.weekday] ?? "")} ${time}`;
  return `${dayText(fields, words, { year: fields.year !== today.year })}, ${time}`;
}

/** A day: "Tue 8 Dec" (with the year when it is another year). */
export function formatDay(iso: string | Date, now: Date, reader: Reader = {}): string {
  const fields = fieldsOf(new Date(iso), reader.timeZone);
  return dayText(fields, conventionsOf(reader.locale), { year: fields.year !== fieldsOf(now, reader.timeZone).year });
}

/** A date with its year, no weekday: "8 Dec 2026" or "Dec 8, 2026". */
export function formatDate(iso: string | Date, reader: Reader = {}): string {
  return dayText(fieldsOf(new Date(iso), reader.timeZone), conventionsOf(reader.locale), { year: true, weekday: false });
}

/** Exactly when, for a tooltip or a screen reader: "Tuesday 8 December 2026 at 09:00". */
export function formatFullDateTime(iso: string | Date, reader: Reader = {}): string {
  const [fields, words] = [fieldsOf(new Date(iso), reader.timeZone), conventionsOf(reader.locale)];
  return `${dayText(fields, words, { year: true, long: true })} at ${timeText(fields, words)}`;
}

/** The time of day alone ("09:00", "9:00 AM"), where the reader is. */
export function formatTime(iso: string | Date, reader: Reader = {}): string {
  return timeText(fieldsOf(new Date(iso), reader.timeZone), conventionsOf(reader.locale));
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
