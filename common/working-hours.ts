// Whether a moment falls inside someone's working hours, in their own time zone (DESIGN.md §4). Outside them a
// person is shown "away" to their team; reminders will wait for them (issue #11).
import type { WorkingHours } from "./profile.ts";

const ISO_WEEKDAY: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

// Creating a formatter costs far more than using one: one per time zone, kept.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timezone: string) {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone: timezone, weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    formatters.set(timezone, formatter);
  }
  return formatter;
}

/** The weekday (ISO: 1 is Monday) and the time of day ("HH:MM") at `moment` in `timezone`. */
export function localTime(moment: Date, timezone: string): { weekday: number; time: string } {
  const parts = Object.fromEntries(formatterFor(timezone).formatToParts(moment).map((part) => [part.type, part.value]));
  return { weekday: ISO_WEEKDAY[parts.weekday ?? ""] ?? 0, time: `${parts.hour}:${parts.minute}` };
}

export function isWithinWorkingHours(moment: Date, timezone: string, hours: WorkingHours): boolean {
  const { weekday, time } = localTime(moment, timezone);
  return hours.days.includes(weekday) && hours.start <= time && time < hours.end;
}
