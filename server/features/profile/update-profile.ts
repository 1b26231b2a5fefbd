import { eq } from "drizzle-orm";
import type { WorkingHours } from "../../../common/profile.ts";
import type { Database } from "../../db/client.ts";
import { member, profiles, user } from "../../db/schema.ts";
import { profileNotFound } from "../../http/refusal.ts";
import type { EventHub } from "../../realtime/event-hub.ts";
import { planReminders } from "../reminders/plan-reminders.ts";

/** Changes the profile (404 when there is none), and keeps the account's display name the same as the profile's full name. */
export async function updateProfile(deps: { db: Database; events: EventHub }, authId: string, changes: { fullName?: string; timezone?: string; workingHours?: WorkingHours }) {
  // Their member record is kept with their name and time zone, and their teams' kept answers show their name.
  const teams = await deps.db.select({ id: member.organizationId }).from(member).where(eq(member.userId, authId));
  return deps.events.changeData(deps.db, { userIds: [authId], teamIds: teams.map((team) => team.id) }, async (tx) => {
    const [profile] = await tx.update(profiles).set(changes).where(eq(profiles.authId, authId)).returning();
    if (profile && changes.fullName !== undefined) await tx.update(user).set({ name: changes.fullName }).where(eq(user.id, authId));
    if (!profile) throw profileNotFound();
    // Their reminders are timed in their hours and zone: each part waiting on them is re-planned.
    if (changes.timezone !== undefined || changes.workingHours !== undefined) await planReminders(tx, { profileId: profile.id });
    return profile;
  });
}
