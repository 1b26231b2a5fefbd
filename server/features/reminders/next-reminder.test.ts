// The rules of automatic nudges (DESIGN.md §4): first, repeat, urgent, a due date close by, snooze, away, answered or
// ended parts, a paused team, a schedule changed mid-way, escalation.
import { describe, expect, it } from "vitest";
import { DEFAULT_WORKING_HOURS } from "../../../common/profile.ts";
import { DEFAULT_REMINDER_SCHEDULE } from "../../../common/reminders.ts";
import { escalatesNow, nextReminderAt, type ReminderPart, type ReminderRecipient } from "./next-reminder.ts";

const at = (iso: string) => new Date(iso);
const bob: ReminderRecipient = { timezone: "Europe/Berlin", workingHours: DEFAULT_WORKING_HOURS, backFromAwayAt: null };
/** Logged on Monday 22 November 2027 at 10:00 in Berlin, waiting on Bob, normal priority, no nudge yet. */
const part = (changes: Partial<ReminderPart> = {}): ReminderPart => ({
  status: "pending",
  blockerStatus: "open",
  priority: "normal",
  dueAt: null,
  waitingSince: at("2027-11-22T10:00:00+01:00"),
  lastNudgedAt: null,
  snoozedUntil: null,
  ...changes,
});
const next = (changes: Partial<ReminderPart> = {}, recipient = bob, schedule = DEFAULT_REMINDER_SCHEDULE) => nextReminderAt(part(changes), recipient, schedule);

describe("the next automatic nudge", () => {
  it("comes 24 working hours after the blocker was logged (three 8-hour days), then every 48 after the last nudge (six)", () => {
    expect(next()).toEqual(at("2027-11-25T10:00:00+01:00"));
    expect(next({ lastNudgedAt: at("2027-11-25T10:00:00+01:00") })).toEqual(at("2027-12-03T10:00:00+01:00"));
  });

  it("counts again from a nudge by hand", () => {
    expect(next({ lastNudgedAt: at("2027-11-23T15:30:00+01:00") })).toEqual(at("2027-12-01T15:30:00+01:00"));
  });

  it("comes as a first one again when the part waits anew (the blocker reopened), whatever nudges came before", () => {
    expect(next({ waitingSince: at("2027-11-29T10:00:00+01:00"), lastNudgedAt: at("2027-11-25T10:00:00+01:00") })).toEqual(at("2027-12-02T10:00:00+01:00"));
  });

  it("comes 4 working hours after, then every 8, for an urgent blocker", () => {
    expect(next({ priority: "urgent" })).toEqual(at("2027-11-22T14:00:00+01:00"));
    expect(next({ priority: "urgent", lastNudgedAt: at("2027-11-22T14:00:00+01:00") })).toEqual(at("2027-11-23T14:00:00+01:00"));
  });

  it("is counted in the recipient's working hours and zone: the same blocker reaches Tokyo at Tokyo's hours", () => {
    const inTokyo = { ...bob, timezone: "Asia/Tokyo" };
    // Logged at 18:00 in Tokyo (10:00 in Berlin): the count starts on Tokyo's Tuesday morning.
    expect(next({}, inTokyo)).toEqual(at("2027-11-26T09:00:00+09:00"));
  });

  it("never comes for a part answered or released, a blocker ended, or a team that paused its reminders", () => {
    for (const status of ["done", "declined", "released"]) expect(next({ status })).toBeNull();
    for (const blockerStatus of ["resolved", "cancelled"]) expect(next({ blockerStatus })).toBeNull();
    expect(next({}, bob, { ...DEFAULT_REMINDER_SCHEDULE, paused: true })).toBeNull();
  });

  it("waits while the part is snoozed, and then for the person's working hours", () => {
    expect(next({ snoozedUntil: at("2027-11-26T12:00:00+01:00") })).toEqual(at("2027-11-26T12:00:00+01:00"));
    expect(next({ snoozedUntil: at("2027-11-27T12:00:00+01:00") })).toEqual(at("2027-11-29T09:00:00+01:00"));
    // A snooze that has ended changes nothing.
    expect(next({ snoozedUntil: at("2027-11-23T12:00:00+01:00") })).toEqual(at("2027-11-25T10:00:00+01:00"));
  });

  it("waits while the person is away, until the start of their first working day back", () => {
    expect(next({}, { ...bob, backFromAwayAt: at("2027-12-03T00:00:00+01:00") })).toEqual(at("2027-12-03T09:00:00+01:00"));
  });

  it("comes daily once the due date is within 24 hours: the first as that window opens", () => {
    // Due Wednesday 12:00: the window opens Tuesday 12:00, before the usual first nudge on Thursday.
    expect(next({ dueAt: at("2027-11-24T12:00:00+01:00") })).toEqual(at("2027-11-23T12:00:00+01:00"));
    // Nudged then, the next one a day later, even past the due date.
    expect(next({ dueAt: at("2027-11-24T12:00:00+01:00"), lastNudgedAt: at("2027-11-23T12:00:00+01:00") })).toEqual(at("2027-11-24T12:00:00+01:00"));
    expect(next({ dueAt: at("2027-11-24T12:00:00+01:00"), lastNudgedAt: at("2027-11-24T12:00:00+01:00") })).toEqual(at("2027-11-25T12:00:00+01:00"));
    // A daily reminder that falls outside working hours waits for them.
    expect(next({ dueAt: at("2027-11-24T20:00:00+01:00") })).toEqual(at("2027-11-24T09:00:00+01:00"));
  });

  it("is never sooner than an hour after the blocker was logged, even when it is due at once", () => {
    expect(next({ dueAt: at("2027-11-22T13:00:00+01:00") })).toEqual(at("2027-11-22T11:00:00+01:00"));
  });

  it("follows a schedule changed mid-way at once: the same part under the new numbers", () => {
    const nudged = { lastNudgedAt: at("2027-11-25T10:00:00+01:00") };
    expect(next(nudged)).toEqual(at("2027-12-03T10:00:00+01:00"));
    expect(next(nudged, bob, { ...DEFAULT_REMINDER_SCHEDULE, repeatEveryHours: 16 })).toEqual(at("2027-11-29T10:00:00+01:00"));
  });
});

describe("escalation", () => {
  it("happens at the K-th automatic nudge, and only then", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((count) => escalatesNow(count, DEFAULT_REMINDER_SCHEDULE))).toEqual([false, false, false, false, true, false, false]);
    expect(escalatesNow(2, { ...DEFAULT_REMINDER_SCHEDULE, escalateAfter: 2 })).toBe(true);
  });
});
