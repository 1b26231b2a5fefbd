// When a snooze ends (issue #27, decision 049). Whatever was asked — a choice from the menu, a day, or an exact time
// from the API, an e-mail link or Slack — a snooze ends inside the snoozer's working hours, in their own time zone:
// "tomorrow" is the start of their next working day, never 24 hours later to the minute (00:46 at night).
// Pure functions of their inputs, used by the server (which decides) and the menu (which shows the times).
import type { SnoozeChoice } from "./blocker-values.ts";
import { HOUR_MS, MINUTE_MS } from "./durations.ts";
import type { WorkingHours } from "./profile.ts";
import { localDate, nextWorkingMoment, startOfLocalDate, weekdayOf } from "./working-time.ts";

/** "Later today": three hours on, at the next quarter hour, offered only while that is still within today's hours. */
const LATER_TODAY_MS = 3 * HOUR_MS;
const QUARTER_HOUR_MS = 15 * MINUTE_MS;

/** What a snooze asks for: one of the menu's choices, a day (it ends as that day's working hours start), or a time. */
export type SnoozeRequest = { choice: SnoozeChoice } | { on: string } | { until: Date };

/** The request a validated body (snoozeSchema: exactly one field) makes. */
export function snoozeRequestOf(body: { choice?: SnoozeChoice | undefined; on?: string | undefined; until?: string | undefined }): SnoozeRequest {
  if (body.choice) return { choice: body.choice };
  if (body.on) return { on: body.on };
  return { until: new Date(body.until ?? Number.NaN) };
}

type Person = { timezone: string; workingHours: WorkingHours };

/** The first working moment of a local date, or of the first working day after it. */
const workingStartOf = (date: string, { timezone, workingHours }: Person) => nextWorkingMoment(startOfLocalDate(date, timezone), timezone, workingHours);

/** When a snooze asked for at `now` ends; null when the choice is not open now ("later today" after hours). */
export function snoozeEnd(request: SnoozeRequest, now: Date, person: Person): Date | null {
  const { timezone, workingHours } = person;
  if ("until" in request) return nextWorkingMoment(request.until, timezone, workingHours);
  if ("on" in request) return workingStartOf(request.on, person);
  const today = localDate(now, timezone);
  switch (request.choice) {
    case "later-today": {
      const at = new Date(Math.ceil((now.getTime() + LATER_TODAY_MS) / QUARTER_HOUR_MS) * QUARTER_HOUR_MS);
      const stillToday = localDate(at, timezone) === today;
      return stillToday && nextWorkingMoment(at, timezone, workingHours).getTime() === at.getTime() ? at : null;
    }
    case "tomorrow":
      return workingStartOf(localDate(now, timezone, 1), person);
    case "next-week":
      // Next Monday (a week on, from a Monday), or the first working day after it.
      return workingStartOf(localDate(now, timezone, 8 - weekdayOf(today)), person);
  }
}
