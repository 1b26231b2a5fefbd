// An e-mail's one-click link, followed: what it does and whether it still can (its page shows that first), then doing
// it — once. A second use shows what happened the first time. Acting needs no session: the signed token is the proof,
// and the person acts as the member they are in the blocker's team (no longer a member: nothing is done).
import { and, eq, isNull } from "drizzle-orm";
import { DEFAULT_NOTIFICATION_PREFERENCES, isPreferenceEvent, wantsWeeklyReport } from "../../../common/notification-preferences.ts";
import type { Database } from "../../db/client.ts";
import { blockers, blockingUsers, emailLinks, profiles } from "../../db/schema.ts";
import { Refusal } from "../../http/refusal.ts";
import { findMember } from "../../http/require-member.ts";
import type { ChangeDependencies } from "../blockers/change-blocker.ts";
import { decline, markDone, snooze } from "../blockers/respond-to-blocker.ts";
import { fieldRefusal } from "../../http/refusal.ts";
import { updateProfile } from "../profile/update-profile.ts";
import { DIGEST_EVENT, isOwnEmailEvent, WEEKLY_REPORT_EVENT } from "./create-email-links.ts";
import { readLinkToken } from "./link-token.ts";


export type LinkState = "ready" | "used" | "expired" | "answered" | "not_on_blocker" | "left_team";

export const invalidLink = () => new Refusal(400, "INVALID_TOKEN", "This link is not valid: it may have been changed or cut short. Open the blocker from Holdup instead.");

type Needs = { db: Database; secret: string };

async function findLink(deps: Needs, token: string) {
  const id = readLinkToken(token, deps.secret);
  if (!id) throw invalidLink();
  const [found] = await deps.db
    .select({ link: emailLinks, blocker: { id: blockers.id, title: blockers.title, status: blockers.status, teamId: blockers.organizationId }, authId: profiles.authId, preferences: profiles.notificationPreferences })
    .from(emailLinks)
    .innerJoin(profiles, eq(profiles.id, emailLinks.profileId))
    .leftJoin(blockers, eq(blockers.id, emailLinks.blockerId))
    .where(eq(emailLinks.id, id));
  // Signed by Holdup but gone (its blocker or its person deleted): as good as invalid.
  if (!found) throw invalidLink();
  return found;
}

/** What the link's page shows before anything is done. */
export async function viewEmailLink(deps: Needs, token: string, now: Date) {
  const { link, blocker, authId, preferences } = await findLink(deps, token);
  const view = { action: link.action, blocker: blocker ? { id: blocker.id, title: blocker.title } : null, event: link.event, expiresAt: link.expiresAt, usedAt: link.usedAt, outcome: link.outcome };
  if (link.action === "unsubscribe") {
    const current = preferences ?? DEFAULT_NOTIFICATION_PREFERENCES;
    const unsubscribed =
      link.event === DIGEST_EVENT ? !current.dailyDigest : link.event === WEEKLY_REPORT_EVENT ? !wantsWeeklyReport(current) : isPreferenceEvent(link.event ?? "") && current.events[link.event as keyof typeof current.events].email === false;
    return { ...view, state: (link.expiresAt <= now ? "expired" : unsubscribed ? "used" : "ready") as LinkState };
  }
  if (link.usedAt) return { ...view, state: "used" as LinkState };
  if (link.expiresAt <= now) return { ...view, state: "expired" as LinkState };
  if (!blocker || !authId) return { ...view, state: "not_on_blocker" as LinkState };
  // They left the team (or were removed) since the e-mail: nothing of it is theirs to change any more.
  if (!(await findMember(deps.db, authId, blocker.teamId))) return { ...view, state: "left_team" as LinkState };
  const [part] = await deps.db
    .select({ status: blockingUsers.status })
    .from(blockingUsers)
    .where(and(eq(blockingUsers.blockerId, blocker.id), eq(blockingUsers.profileId, link.profileId)));
  if (!part) return { ...view, state: "not_on_blocker" as LinkState };
  if (part.status !== "pending" || blocker.status !== "open") return { ...view, state: "answered" as LinkState, partStatus: part.status, blockerStatus: blocker.status };
  return { ...view, state: "ready" as LinkState };
}

/** Does what the link says, once; answers the link's view afterwards (what happened). `reason`: a decline's, asked on its page. */
export async function useEmailLink(deps: Needs & ChangeDependencies, token: string, now: Date, answer: { reason?: string } = {}) {
  const before = await viewEmailLink(deps, token, now);
  if (before.state !== "ready") return before;
  // Before the link is spent: a decline without its reason is asked again, the link still good.
  if (before.action === "decline" && !answer.reason) throw fieldRefusal("reason", "Say why, so they know where to go next");
  const { link, blocker, authId, preferences } = await findLink(deps, token);
  if (link.action === "unsubscribe") {
    const event = link.event ?? "";
    if (!authId || (!isOwnEmailEvent(event) && !isPreferenceEvent(event))) return { ...before, state: "not_on_blocker" as LinkState };
    const current = preferences ?? DEFAULT_NOTIFICATION_PREFERENCES;
    const next = isPreferenceEvent(event)
      ? { ...current, events: { ...current.events, [event]: { ...current.events[event], email: false } } }
      : event === WEEKLY_REPORT_EVENT
        ? { ...current, weeklyReport: false }
        : { ...current, dailyDigest: false };
    await updateProfile(deps, authId, { notificationPreferences: next }, now);
    await deps.db.update(emailLinks).set({ usedAt: now, outcome: { unsubscribedAt: now.toISOString() } }).where(eq(emailLinks.id, link.id));
    return viewEmailLink(deps, token, now);
  }
  // Claimed before acting: two clicks at once do it once.
  const [claimed] = await deps.db.update(emailLinks).set({ usedAt: now }).where(and(eq(emailLinks.id, link.id), isNull(emailLinks.usedAt))).returning({ id: emailLinks.id });
  if (!claimed || !blocker || !authId) return viewEmailLink(deps, token, now);
  const member = await findMember(deps.db, authId, blocker.teamId);
  if (!member) return viewEmailLink(deps, token, now);
  let outcome: Record<string, unknown>;
  try {
    if (link.action === "done") {
      await markDone(deps, member, blocker.id, now);
      outcome = { done: true, at: now.toISOString() };
    } else if (link.action === "decline") {
      await decline(deps, member, blocker.id, { reason: answer.reason ?? "" }, now);
      outcome = { declined: true, reason: answer.reason ?? "", at: now.toISOString() };
    } else {
      // The start of the person's next working day, as the app's "Tomorrow" (common/snooze.ts).
      const { snoozedUntil: until } = await snooze(deps, member, blocker.id, { choice: "tomorrow" }, now);
      const [part] = await deps.db.select({ next: blockingUsers.nextReminderAt }).from(blockingUsers).where(and(eq(blockingUsers.blockerId, blocker.id), eq(blockingUsers.profileId, link.profileId)));
      outcome = { snoozedUntil: until.toISOString(), nextReminderAt: part?.next?.toISOString() ?? null, at: now.toISOString() };
    }
  } catch (error) {
    // The part was answered a moment before (another tab, another link): that is what the page says.
    if (!(error instanceof Refusal)) throw error;
    outcome = { refused: error.message, at: now.toISOString() };
  }
  await deps.db.update(emailLinks).set({ outcome }).where(eq(emailLinks.id, link.id));
  return viewEmailLink(deps, token, now);
}
