// A team's schedule of automatic reminders: read by every member, changed by owners and admins. A change applies to
// the team's open blockers at once: every pending part is re-planned in the change's transaction.
import { eq } from "drizzle-orm";
import { DEFAULT_REMINDER_SCHEDULE, type ReminderSchedule } from "../../../common/reminders.ts";
import type { Database } from "../../db/client.ts";
import { teamReminderSchedules } from "../../db/schema.ts";
import type { Member } from "../../http/app-env.ts";
import { Refusal } from "../../http/refusal.ts";
import type { EventHub } from "../../realtime/event-hub.ts";
import { planReminders } from "./plan-reminders.ts";

export async function teamSchedule(db: Pick<Database, "select">, teamId: string): Promise<ReminderSchedule> {
  const [row] = await db.select({ schedule: teamReminderSchedules.schedule }).from(teamReminderSchedules).where(eq(teamReminderSchedules.teamId, teamId));
  return row?.schedule ?? DEFAULT_REMINDER_SCHEDULE;
}

/** What the Reminders section shows: the schedule, and whether the viewer may change it. */
export async function readTeamSchedule(db: Database, viewer: Member) {
  return { schedule: await teamSchedule(db, viewer.teamId), canEdit: viewer.isAdmin };
}

export async function changeTeamSchedule(deps: { db: Database; events: EventHub }, viewer: Member, schedule: ReminderSchedule, now: Date) {
  if (!viewer.isAdmin) throw new Refusal(403, "not_allowed", "Only the team's owners and admins change its reminders");
  const replanned = await deps.events.changeData(deps.db, { teamIds: [viewer.teamId] }, async (tx) => {
    await tx
      .insert(teamReminderSchedules)
      .values({ teamId: viewer.teamId, schedule, updatedAt: now, updatedBy: viewer.profileId })
      .onConflictDoUpdate({ target: teamReminderSchedules.teamId, set: { schedule, updatedAt: now, updatedBy: viewer.profileId } });
    const count = await planReminders(tx, { teamId: viewer.teamId });
    // Every open screen of the team reads the schedule and its next reminders again.
    await deps.events.publishToTeam(tx, { kind: "team", teamId: viewer.teamId });
    return count;
  });
  return { schedule, canEdit: true, replanned };
}
