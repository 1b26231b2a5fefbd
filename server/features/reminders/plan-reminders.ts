// Keeps each pending part's next automatic nudge (blocking_users.next_reminder_at) true to everything it depends on:
// re-planned inside the transaction of every change to a blocker (record-change.ts), for all of a person's parts when
// their working hours, time zone or absence change, and for all of a team's when its schedule does. The reminder
// engine finds due parts by it; the pages show it ("Next reminder to Bob: Tuesday 09:00").
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import { DEFAULT_REMINDER_SCHEDULE, type ReminderSchedule } from "../../../common/reminders.ts";
import { blockers, blockingUsers, profiles, teamReminderSchedules } from "../../db/schema.ts";
import type { Database } from "../../db/client.ts";
import { nextReminderAt } from "./next-reminder.ts";

/** The database or a transaction. */
type Executor = Pick<Database, "select" | "execute">;

export type PlanScope = { blockerIds: string[] } | { profileId: string } | { teamId: string };

/** Writes this many parts' times in one statement. */
const BATCH = 500;

/** The first moment someone is back: the start of the day after "away until", in their own time zone. */
export function backFromAway(awayUntil: string | null, timezone: string): Date | null {
  if (!awayUntil) return null;
  return new Date(Temporal.PlainDate.from(awayUntil).add({ days: 1 }).toZonedDateTime({ timeZone: timezone }).epochMilliseconds);
}

function scopeCondition(scope: PlanScope): SQL | undefined {
  if ("blockerIds" in scope) return inArray(blockingUsers.blockerId, scope.blockerIds);
  // A person's or a team's: only the parts that may have a reminder to come (the others stay as they are: null).
  const pendingInOpen = and(eq(blockingUsers.status, "pending"), eq(blockers.status, "open"));
  if ("profileId" in scope) return and(eq(blockingUsers.profileId, scope.profileId), pendingInOpen);
  return and(eq(blockers.organizationId, scope.teamId), pendingInOpen);
}

/** Works out and stores the next automatic nudge of every part in scope; answers how many changed. */
export async function planReminders(executor: Executor, scope: PlanScope): Promise<number> {
  if ("blockerIds" in scope && scope.blockerIds.length === 0) return 0;
  const rows = await executor
    .select({
      blockerId: blockingUsers.blockerId,
      profileId: blockingUsers.profileId,
      status: blockingUsers.status,
      waitingSince: blockingUsers.waitingSince,
      lastNudgedAt: blockingUsers.lastNudgedAt,
      snoozedUntil: blockingUsers.snoozedUntil,
      planned: blockingUsers.nextReminderAt,
      blockerStatus: blockers.status,
      priority: blockers.priority,
      dueAt: blockers.dueAt,
      timezone: profiles.timezone,
      workingHours: profiles.workingHours,
      awayUntil: profiles.awayUntil,
      schedule: teamReminderSchedules.schedule,
    })
    .from(blockingUsers)
    .innerJoin(blockers, eq(blockers.id, blockingUsers.blockerId))
    .innerJoin(profiles, eq(profiles.id, blockingUsers.profileId))
    .leftJoin(teamReminderSchedules, eq(teamReminderSchedules.teamId, blockers.organizationId))
    .where(scopeCondition(scope));
  const changed = rows
    .map((row) => {
      const schedule: ReminderSchedule = row.schedule ?? DEFAULT_REMINDER_SCHEDULE;
      const next = nextReminderAt(row, { timezone: row.timezone, workingHours: row.workingHours, backFromAwayAt: backFromAway(row.awayUntil, row.timezone) }, schedule);
      return { blockerId: row.blockerId, profileId: row.profileId, next, planned: row.planned };
    })
    .filter(({ next, planned }) => (next?.getTime() ?? null) !== (planned?.getTime() ?? null));
  await setNextReminders(executor, changed);
  return changed.length;
}

/** Stores these parts' next reminders, a few hundred a statement. */
export async function setNextReminders(executor: Executor, parts: { blockerId: string; profileId: string; next: Date | null }[]) {
  for (let start = 0; start < parts.length; start += BATCH) {
    const batch = parts.slice(start, start + BATCH);
    const values = sql.join(
      batch.map(({ blockerId, profileId, next }) => sql`(${blockerId}::uuid, ${profileId}::uuid, ${next?.toISOString() ?? null}::timestamptz)`),
      sql`, `,
    );
    await executor.execute(sql`update ${blockingUsers} set next_reminder_at = planned.next
      from (values ${values}) as planned(blocker_id, profile_id, next)
      where ${blockingUsers.blockerId} = planned.blocker_id and ${blockingUsers.profileId} = planned.profile_id`);
  }
}
