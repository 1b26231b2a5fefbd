import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from "../../../common/notification-preferences.ts";
import type { DashboardOrder } from "../../../common/blocker-values.ts";
import { AWAY_MAX_DAYS, type WorkingHours } from "../../../common/profile.ts";
import type { Database } from "../../db/client.ts";
import { member, profiles, user } from "../../db/schema.ts";
import { fieldRefusal, profileNotFound, Refusal } from "../../http/refusal.ts";
import type { EventHub } from "../../realtime/event-hub.ts";
import { planReminders } from "../reminders/plan-reminders.ts";

export type ProfileChanges = {
  fullName?: string;
  timezone?: string;
  workingHours?: WorkingHours;
  awayUntil?: string | null;
  notificationPreferences?: NotificationPreferences;
  githubLogin?: string | null;
  dashboardOrder?: DashboardOrder;
};

/** The profile as the API answers it: the notification preferences of someone who chose none are the defaults. */
export const profileAnswer = <P extends { notificationPreferences: NotificationPreferences | null }>(profile: P) => ({
  ...profile,
  notificationPreferences: profile.notificationPreferences ?? DEFAULT_NOTIFICATION_PREFERENCES,
});

/** "Away until" is a date from today (in their zone) to a year ahead. */
function requireAwayDate(awayUntil: string, timezone: string, now: Date) {
  const today = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(timezone).toPlainDate();
  const date = Temporal.PlainDate.from(awayUntil);
  if (Temporal.PlainDate.compare(date, today) < 0) throw fieldRefusal("awayUntil", "Choose today or a later date");
  if (Temporal.PlainDate.compare(date, today.add({ days: AWAY_MAX_DAYS })) > 0) throw fieldRefusal("awayUntil", "Choose a date within a year");
}

/** A GitHub login names one member of a team: another member of one of their teams may not claim it too (decision 041). */
async function requireUnclaimedLogin(tx: Pick<Database, "select">, authId: string, teamIds: string[], login: string) {
  if (teamIds.length === 0) return;
  const [claimed] = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .innerJoin(member, eq(member.userId, profiles.authId))
    .where(and(inArray(member.organizationId, teamIds), ne(profiles.authId, authId), eq(sql`lower(${profiles.githubLogin})`, login.toLowerCase())))
    .limit(1);
  if (claimed) {
    const message = "Someone in your team has linked this GitHub login already";
    throw new Refusal(409, "github_login_taken", message, { fields: { githubLogin: [message] } });
  }
}

/** Changes the profile (404 when there is none), and keeps the account's display name the same as the profile's full name. */
export async function updateProfile(deps: { db: Database; events: EventHub }, authId: string, changes: ProfileChanges, now: Date) {
  // Their member record is kept with their name and time zone, and their teams' kept answers show their name.
  const teams = await deps.db.select({ id: member.organizationId }).from(member).where(eq(member.userId, authId));
  return deps.events.changeData(deps.db, { userIds: [authId], teamIds: teams.map((team) => team.id) }, async (tx) => {
    if (changes.githubLogin) await requireUnclaimedLogin(tx, authId, teams.map((team) => team.id), changes.githubLogin);
    const [profile] = await tx.update(profiles).set(changes).where(eq(profiles.authId, authId)).returning();
    if (profile && changes.fullName !== undefined) await tx.update(user).set({ name: changes.fullName }).where(eq(user.id, authId));
    if (!profile) throw profileNotFound();
    if (changes.awayUntil) requireAwayDate(changes.awayUntil, profile.timezone, now);
    // Their reminders are timed in their hours and zone, and wait while they are away: each part waiting on them is re-planned.
    if (changes.timezone !== undefined || changes.workingHours !== undefined || changes.awayUntil !== undefined) await planReminders(tx, { profileId: profile.id });
    return profileAnswer(profile);
  });
}
