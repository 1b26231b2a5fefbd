// The reminder engine's work: every part whose next automatic nudge is due gets it, once. Parts are claimed in small
// batches (FOR UPDATE SKIP LOCKED: several instances share the work, none takes another's), and for each, in one
// transaction: its time is worked out again from what is true now (a snooze or an answer that came since wins);
// outside the person's working hours it waits for them (a server that slept through the day sends nothing at night,
// and one reminder, not a burst, when it can); otherwise the nudge is recorded (timeline, notification, live events,
// its e-mail queued) and the next one planned from it. After the K-th, the team's owners and admins are told, once.
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { DEFAULT_REMINDER_SCHEDULE } from "../../../common/reminders.ts";
import { isWithinWorkingHours } from "../../../common/working-hours.ts";
import { blockers, blockingUsers, member, profiles, teamReminderSchedules } from "../../db/schema.ts";
import { everyoneOn, loadPeople } from "../blockers/blocker-people.ts";
import type { ChangeDependencies } from "../blockers/change-blocker.ts";
import { recordChange } from "../blockers/record-change.ts";
import { escalatesNow, nextReminderAt } from "./next-reminder.ts";
import { backFromAway } from "./plan-reminders.ts";
import { nextWorkingMoment } from "./working-time.ts";

/** Parts claimed per transaction: small, since on PGlite a transaction holds the only connection. */
const BATCH = 25;

export type DueReminderOutcome = { nudged: number; escalated: number; deferred: number };

/** Sends every reminder due at `now`; answers what it did. */
export async function sendDueReminders(deps: ChangeDependencies, now: Date): Promise<DueReminderOutcome> {
  const outcome: DueReminderOutcome = { nudged: 0, escalated: 0, deferred: 0 };
  for (;;) {
    const touchedTeams = new Set<string>();
    const claimed = await deps.db.transaction(async (tx) => {
      const due = await tx
        .select({ part: blockingUsers, blocker: blockers, timezone: profiles.timezone, workingHours: profiles.workingHours, awayUntil: profiles.awayUntil, schedule: teamReminderSchedules.schedule })
        .from(blockingUsers)
        .innerJoin(blockers, eq(blockers.id, blockingUsers.blockerId))
        .innerJoin(profiles, eq(profiles.id, blockingUsers.profileId))
        .leftJoin(teamReminderSchedules, eq(teamReminderSchedules.teamId, blockers.organizationId))
        .where(lte(blockingUsers.nextReminderAt, now))
        .orderBy(asc(blockingUsers.nextReminderAt))
        .limit(BATCH)
        .for("update", { of: blockingUsers, skipLocked: true });
      for (const { part, blocker, timezone, workingHours, awayUntil, schedule: chosen } of due) {
        const schedule = chosen ?? DEFAULT_REMINDER_SCHEDULE;
        const whereThePart = and(eq(blockingUsers.blockerId, part.blockerId), eq(blockingUsers.profileId, part.profileId));
        const next = nextReminderAt({ ...part, blockerStatus: blocker.status, priority: blocker.priority, dueAt: blocker.dueAt }, { timezone, workingHours, backFromAwayAt: backFromAway(awayUntil, timezone) }, schedule);
        const inHours = isWithinWorkingHours(now, timezone, workingHours);
        if (next === null || next > now || !inHours) {
          // Not due after all (or not now): the time as it stands, or their next working moment.
          await tx.update(blockingUsers).set({ nextReminderAt: next === null || next > now ? next : nextWorkingMoment(now, timezone, workingHours) }).where(whereThePart);
          outcome.deferred += 1;
          continue;
        }
        const [nudged] = await tx
          .update(blockingUsers)
          .set({ lastNudgedAt: now, nudgeCount: sql`${blockingUsers.nudgeCount} + 1`, autoNudgeCount: sql`${blockingUsers.autoNudgeCount} + 1` })
          .where(whereThePart)
          .returning({ count: blockingUsers.autoNudgeCount, escalatedAt: blockingUsers.escalatedAt });
        touchedTeams.add(blocker.organizationId);
        const people = await loadPeople(tx, blocker.id);
        const everyone = everyoneOn(blocker, people);
        const count = nudged?.count ?? 0;
        // Holdup's own nudge: no actor; the notification and its e-mail speak for whoever waits.
        await recordChange(tx, deps, { blockerId: blocker.id, actorId: null, type: "auto_nudged", payload: { profileId: part.profileId, automatic: true, reminders: count }, audience: everyone, notify: { type: "nudged", profileIds: [part.profileId] }, at: now });
        outcome.nudged += 1;
        if (escalatesNow(count, schedule) && !nudged?.escalatedAt) {
          await tx.update(blockingUsers).set({ escalatedAt: now }).where(whereThePart);
          const admins = await tx
            .select({ profileId: profiles.id })
            .from(member)
            .innerJoin(profiles, eq(profiles.authId, member.userId))
            .where(and(eq(member.organizationId, blocker.organizationId), inArray(member.role, ["owner", "admin"])));
          await recordChange(tx, deps, {
            blockerId: blocker.id,
            actorId: part.profileId,
            type: "escalated",
            payload: { profileId: part.profileId, reminders: count },
            audience: everyone,
            notify: { type: "escalated", profileIds: admins.map((admin) => admin.profileId) },
            at: now,
          });
          outcome.escalated += 1;
        }
      }
      return due.length;
    });
    // What the teams' screens keep (dashboards, the board) shows the nudges: stale once they are committed.
    if (touchedTeams.size > 0) await deps.events.changedData(deps.db, { teamIds: [...touchedTeams] });
    if (claimed < BATCH) return outcome;
  }
}
