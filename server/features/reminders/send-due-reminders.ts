// The reminder engine's work: every part whose next automatic nudge is due gets it, once. Parts are claimed in batches
// (FOR UPDATE SKIP LOCKED: several instances share the work, none takes another's), and in each batch's transaction:
// each part's time is worked out again from what is true now (a snooze or an answer that came since wins); outside
// the person's working hours it waits for them (a server that slept through the day sends nothing at night, and one
// reminder, not a burst, when it can); the others are nudged — timeline, notification, live events, e-mail queued, the
// next one planned — all recorded together (recordChanges: a few statements per batch, not per part). After the
// K-th automatic nudge of a part, the team's owners and admins are told, once.
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { DEFAULT_REMINDER_SCHEDULE } from "../../../common/reminders.ts";
import { isWithinWorkingHours } from "../../../common/working-hours.ts";
import { blockers, blockingUsers, member, profiles, teamReminderSchedules } from "../../db/schema.ts";
import { everyoneOn, loadPeopleOfEach } from "../blockers/blocker-people.ts";
import type { ChangeDependencies } from "../blockers/change-blocker.ts";
import { recordChanges, type Change } from "../blockers/record-change.ts";
import { escalatesNow, nextReminderAt } from "./next-reminder.ts";
import { backFromAway, setNextReminders } from "./plan-reminders.ts";
import { nextWorkingMoment } from "../../../common/working-time.ts";

/** Parts claimed per transaction: on PGlite a transaction holds the only connection, so a batch stays short. */
const BATCH = 100;

export type DueReminderOutcome = { nudged: number; escalated: number; deferred: number };

const partKey = (part: { blockerId: string; profileId: string }) => sql`(${part.blockerId}::uuid, ${part.profileId}::uuid)`;

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
      if (due.length === 0) return 0;

      const deferred: { blockerId: string; profileId: string; next: Date | null }[] = [];
      const toNudge: typeof due = [];
      for (const row of due) {
        const { part, blocker, timezone, workingHours, awayUntil } = row;
        const next = nextReminderAt({ ...part, blockerStatus: blocker.status, priority: blocker.priority, dueAt: blocker.dueAt }, { timezone, workingHours, backFromAwayAt: backFromAway(awayUntil, timezone) }, row.schedule ?? DEFAULT_REMINDER_SCHEDULE);
        // Not due after all, or not now: the time as it stands, or their next working moment.
        if (next === null || next > now) deferred.push({ blockerId: part.blockerId, profileId: part.profileId, next });
        else if (!isWithinWorkingHours(now, timezone, workingHours)) deferred.push({ blockerId: part.blockerId, profileId: part.profileId, next: nextWorkingMoment(now, timezone, workingHours) });
        else toNudge.push(row);
      }
      await setNextReminders(tx, deferred);
      outcome.deferred += deferred.length;
      if (toNudge.length === 0) return due.length;

      const nudged = await tx
        .update(blockingUsers)
        .set({ lastNudgedAt: now, nudgeCount: sql`${blockingUsers.nudgeCount} + 1`, autoNudgeCount: sql`${blockingUsers.autoNudgeCount} + 1` })
        .where(sql`(${blockingUsers.blockerId}, ${blockingUsers.profileId}) in (${sql.join(toNudge.map(({ part }) => partKey(part)), sql`, `)})`)
        .returning({ blockerId: blockingUsers.blockerId, profileId: blockingUsers.profileId, count: blockingUsers.autoNudgeCount, escalatedAt: blockingUsers.escalatedAt });
      const counts = new Map(nudged.map((row) => [`${row.blockerId}:${row.profileId}`, row]));
      const people = await loadPeopleOfEach(tx, [...new Set(toNudge.map(({ blocker }) => blocker.id))]);
      const changes: Change[] = [];
      const escalating: typeof toNudge = [];
      for (const row of toNudge) {
        const { part, blocker } = row;
        const count = counts.get(`${part.blockerId}:${part.profileId}`);
        const everyone = everyoneOn(blocker, people.get(blocker.id) ?? { waiting: [], blocking: [] });
        touchedTeams.add(blocker.organizationId);
        // Holdup's own nudge: no actor; the notification and its e-mail speak for whoever waits.
        changes.push({ blockerId: blocker.id, actorId: null, type: "auto_nudged", payload: { profileId: part.profileId, automatic: true, reminders: count?.count ?? 0 }, audience: everyone, notify: { type: "nudged", profileIds: [part.profileId] }, at: now });
        if (count && !count.escalatedAt && escalatesNow(count.count, row.schedule ?? DEFAULT_REMINDER_SCHEDULE)) escalating.push(row);
      }
      if (escalating.length > 0) {
        await tx
          .update(blockingUsers)
          .set({ escalatedAt: now })
          .where(sql`(${blockingUsers.blockerId}, ${blockingUsers.profileId}) in (${sql.join(escalating.map(({ part }) => partKey(part)), sql`, `)})`);
        const admins = await tx
          .select({ teamId: member.organizationId, profileId: profiles.id })
          .from(member)
          .innerJoin(profiles, eq(profiles.authId, member.userId))
          .where(and(inArray(member.organizationId, [...new Set(escalating.map(({ blocker }) => blocker.organizationId))]), inArray(member.role, ["owner", "admin"])));
        for (const { part, blocker } of escalating) {
          const reminders = counts.get(`${part.blockerId}:${part.profileId}`)?.count ?? 0;
          changes.push({
            blockerId: blocker.id,
            actorId: part.profileId,
            type: "escalated",
            payload: { profileId: part.profileId, reminders },
            audience: everyoneOn(blocker, people.get(blocker.id) ?? { waiting: [], blocking: [] }),
            notify: { type: "escalated", profileIds: admins.filter((admin) => admin.teamId === blocker.organizationId).map((admin) => admin.profileId) },
            at: now,
          });
        }
        outcome.escalated += escalating.length;
      }
      await recordChanges(tx, deps, changes);
      outcome.nudged += toNudge.length;
      return due.length;
    });
    // What the teams' screens keep (dashboards, the board) shows the nudges: stale once they are committed.
    if (touchedTeams.size > 0) await deps.events.changedData(deps.db, { teamIds: [...touchedTeams] });
    if (claimed < BATCH) return outcome;
  }
}
