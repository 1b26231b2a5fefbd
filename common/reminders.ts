// A team's schedule of automatic reminders (DESIGN.md §4): the server enforces it, the Reminders section edits it.
import { z } from "zod";

/** The longest gap a schedule may set: 30 days. */
export const MAX_SCHEDULE_HOURS = 30 * 24;

const hours = (label: string, min: number) =>
  z
    .number(`${label}: enter a number of hours`)
    .int(`${label}: use whole hours`)
    .min(min, `${label}: at least ${min} hour${min === 1 ? "" : "s"}`)
    .max(MAX_SCHEDULE_HOURS, `${label}: at most ${MAX_SCHEDULE_HOURS} hours (30 days)`);

export const reminderScheduleSchema = z.object({
  /** The first automatic nudge, this many working hours after the blocker was logged. */
  firstAfterHours: hours("First reminder", 1),
  /** Then one every this many working hours (a nudge by hand starts the count again). */
  repeatEveryHours: hours("Repeat", 1),
  urgentFirstAfterHours: hours("First reminder (urgent)", 1),
  urgentRepeatEveryHours: hours("Repeat (urgent)", 1),
  /** When the due date is this close (hours of the clock)… */
  dueSoonWithinHours: hours("Due soon", 1),
  /** …a reminder every this many hours of the clock (daily), inside working hours. */
  dueSoonRepeatEveryHours: hours("Repeat when due soon", 1),
  /** After this many automatic nudges on one person, the team's owners and admins are told, once. */
  escalateAfter: z.number("Escalate after: enter a number").int("Escalate after: use a whole number").min(1, "Escalate after: at least 1 reminder").max(50, "Escalate after: at most 50 reminders"),
  /** No automatic reminders for the whole team (nudges by hand still go out). */
  paused: z.boolean("Paused: true or false"),
});
export type ReminderSchedule = z.infer<typeof reminderScheduleSchema>;

/** DESIGN.md §4: first after 24 working hours, then every 48; urgent 4 and 8; a due date within 24 hours → daily; escalation after the fifth. */
export const DEFAULT_REMINDER_SCHEDULE: ReminderSchedule = {
  firstAfterHours: 24,
  repeatEveryHours: 48,
  urgentFirstAfterHours: 4,
  urgentRepeatEveryHours: 8,
  dueSoonWithinHours: 24,
  dueSoonRepeatEveryHours: 24,
  escalateAfter: 5,
  paused: false,
};
