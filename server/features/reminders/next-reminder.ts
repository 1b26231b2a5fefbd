// When the next automatic nudge reaches a blocking person (DESIGN.md §4, decision 034): the team's schedule, counted
// in the person's own working hours and time zone; never while their part is snoozed or they are away, never once
// their part is answered or the blocker ended; a due date close by brings reminders daily. Pure: the engine stores
// the answer on the part (blocking_users.next_reminder_at) and works off that; the pages show it.
import type { ReminderSchedule } from "../../../common/reminders.ts";
import type { WorkingHours } from "../../../common/profile.ts";
import { addWorkingHours, nextWorkingMoment } from "../../../common/working-time.ts";
import { HOUR_MS } from "../../../common/durations.ts";

/** No automatic reminder sooner than this after the blocker was logged or the last nudge (the manual nudge's limit too). */
export const MIN_GAP_MS = HOUR_MS;

export type ReminderPart = {
  /** pending, done, declined or released: only pending parts are reminded. */
  status: string;
  blockerStatus: string;
  priority: string;
  dueAt: Date | null;
  /** When the part began to wait on the person (the blocker logged, the person added to it, or it reopened). */
  waitingSince: Date;
  /** The last nudge, by hand or automatic: the repeat counts from it. */
  lastNudgedAt: Date | null;
  snoozedUntil: Date | null;
};

export type ReminderRecipient = {
  timezone: string;
  workingHours: WorkingHours;
  /** The first moment they are back from being away (the start of the day after "away until"), or null. */
  backFromAwayAt: Date | null;
};

const later = (a: Date, b: Date | null) => (b && b > a ? b : a);

/** The moment of the next automatic nudge of this part, or null when none is to come. */
export function nextReminderAt(part: ReminderPart, recipient: ReminderRecipient, schedule: ReminderSchedule): Date | null {
  if (schedule.paused || part.status !== "pending" || part.blockerStatus !== "open") return null;
  const { timezone, workingHours } = recipient;
  const urgent = part.priority === "urgent";
  const [firstAfter, repeatEvery] = urgent ? [schedule.urgentFirstAfterHours, schedule.urgentRepeatEveryHours] : [schedule.firstAfterHours, schedule.repeatEveryHours];
  // A nudge before the part began to wait again (the blocker reopened) counts for nothing: the first comes anew.
  const lastNudgedAt = part.lastNudgedAt && part.lastNudgedAt >= part.waitingSince ? part.lastNudgedAt : null;
  const anchor = lastNudgedAt ?? part.waitingSince;
  let due = addWorkingHours(anchor, lastNudgedAt ? repeatEvery : firstAfter, timezone, workingHours);

  if (part.dueAt) {
    // Once the due date is close (or past), a reminder every dueSoonRepeatEveryHours of the clock: the first as the
    // window opens, never sooner than MIN_GAP_MS after the last nudge or the blocker's start.
    const windowOpens = new Date(part.dueAt.getTime() - schedule.dueSoonWithinHours * HOUR_MS);
    const dueSoon =
      lastNudgedAt && lastNudgedAt >= windowOpens ? new Date(lastNudgedAt.getTime() + schedule.dueSoonRepeatEveryHours * HOUR_MS) : later(windowOpens, new Date(anchor.getTime() + MIN_GAP_MS));
    if (dueSoon < due) due = dueSoon;
  }

  due = later(later(due, part.snoozedUntil), recipient.backFromAwayAt);
  return nextWorkingMoment(due, timezone, workingHours);
}

/** After this automatic nudge the team's owners and admins are told (once: the engine records that it did). */
export const escalatesNow = (automaticNudges: number, schedule: ReminderSchedule) => automaticNudges === schedule.escalateAfter;
