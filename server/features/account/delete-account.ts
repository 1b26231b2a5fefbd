// Deleting one's account (/settings/personal): typed confirmation and the password, then every team membership
// ends as leaving would end it, teams the person is alone in go with the account, and the account itself (sessions,
// password, second factor) is deleted. What the person did in their teams stays for the others: the profile remains,
// without its e-mail, picture or sign-in, and is shown as a former member. Decision 033.
import { and, count, eq, inArray, ne } from "drizzle-orm";
import type { Auth } from "../../auth/auth.ts";
import type { Database } from "../../db/client.ts";
import { member, organization, profiles, session, teamBilling, user } from "../../db/schema.ts";
import { Refusal } from "../../http/refusal.ts";
import type { AvatarStore } from "../../storage/avatar-store.ts";
import { LIVE_SUBSCRIPTION_STATUSES } from "../billing/plan-of-team.ts";
import type { ChangeDependencies } from "../blockers/change-blocker.ts";
import { endMembership } from "../team/end-membership.ts";
import { checkPassword } from "./check-password.ts";

type TeamNamed = { id: string; name: string };

/**
 * What deleting the account would do to each of the person's teams: those they must hand over first (they are its
 * only owner, and others are in it), those that would be deleted with it (nobody else is in them), and those a
 * paid subscription keeps (alone in a team on Plus: cancel it first, or Stripe would go on charging).
 */
export async function accountDeletionPlan(deps: { db: Database; stripeConfigured: boolean }, userId: string) {
  const teams = await deps.db
    .select({ id: organization.id, name: organization.name, role: member.role, subscription: teamBilling.subscriptionStatus })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .leftJoin(teamBilling, eq(teamBilling.teamId, organization.id))
    .where(eq(member.userId, userId))
    .orderBy(organization.name);
  const teamIds = teams.map((team) => team.id);
  const others =
    teamIds.length === 0
      ? []
      : await deps.db
          .select({ teamId: member.organizationId, role: member.role, people: count() })
          .from(member)
          .where(and(inArray(member.organizationId, teamIds), ne(member.userId, userId)))
          .groupBy(member.organizationId, member.role);
  const othersIn = (teamId: string, role?: string) => others.filter((row) => row.teamId === teamId && (role === undefined || row.role === role)).reduce((sum, row) => sum + row.people, 0);
  const named = ({ id, name }: TeamNamed) => ({ id, name });
  const alone = teams.filter((team) => othersIn(team.id) === 0);
  return {
    handOverFirst: teams.filter((team) => team.role === "owner" && othersIn(team.id) > 0 && othersIn(team.id, "owner") === 0).map(named),
    deletedWithAccount: alone.map(named),
    cancelPlusFirst: deps.stripeConfigured ? alone.filter((team) => team.subscription !== null && LIVE_SUBSCRIPTION_STATUSES.has(team.subscription)).map(named) : [],
    leaves: teams.filter((team) => othersIn(team.id) > 0).map(named),
  };
}

export type AccountDeletionDeps = ChangeDependencies & { auth: Auth; avatars: AvatarStore; stripeConfigured: boolean };

/** `confirmation` is the account's e-mail address, typed. Answers the headers that clear the browser's cookies. */
export async function deleteAccount(deps: AccountDeletionDeps, viewer: { userId: string; email: string; headers: Headers }, request: { password: string; confirmation: string }, now: Date): Promise<Headers> {
  if (request.confirmation.trim().toLowerCase() !== viewer.email.toLowerCase()) {
    throw new Refusal(400, "validation_failed", "Type your e-mail address to confirm", { fields: { confirmation: [`Type ${viewer.email} to confirm`] } });
  }
  await checkPassword(deps.auth, viewer.headers, request.password);
  const plan = await accountDeletionPlan(deps, viewer.userId);
  if (plan.handOverFirst.length > 0) {
    throw new Refusal(409, "sole_owner", `Hand ownership of ${plan.handOverFirst.map((team) => team.name).join(", ")} to someone else first`, { teams: plan.handOverFirst });
  }
  if (plan.cancelPlusFirst.length > 0) {
    throw new Refusal(409, "team_subscribed", `Cancel Plus for ${plan.cancelPlusFirst.map((team) => team.name).join(", ")} in Billing first: the team would be deleted with your account`, { teams: plan.cancelPlusFirst });
  }

  const [profile] = await deps.db.select({ id: profiles.id, avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.authId, viewer.userId));
  const sessions = await deps.db.select({ id: session.id }).from(session).where(eq(session.userId, viewer.userId));
  // Signed out first: its answer carries the cookies that clear this browser.
  const signedOut = await deps.auth.api.signOut({ headers: viewer.headers, asResponse: true });

  // Each team they share with others goes on without them, as if they had left: what waited on them is released.
  for (const team of plan.leaves) {
    await deps.db.delete(member).where(and(eq(member.organizationId, team.id), eq(member.userId, viewer.userId)));
    await endMembership(deps, { userId: viewer.userId, teamId: team.id }, now);
  }
  const deletedTeamIds = plan.deletedWithAccount.map((team) => team.id);
  await deps.events.changeData(deps.db, { userIds: [viewer.userId], teamIds: [...deletedTeamIds, ...plan.leaves.map((team) => team.id)] }, async (tx) => {
    // Teams with nobody else in them, and everything in them (blockers, invitations, billing: on delete cascade).
    if (deletedTeamIds.length > 0) await tx.delete(organization).where(inArray(organization.id, deletedTeamIds));
    // The profile stays for its teams' history: its auth_id becomes null as the account goes (on delete set null).
    if (profile) await tx.update(profiles).set({ email: "", avatarUrl: null }).where(eq(profiles.id, profile.id));
    // The account, its sessions, password, second factor and the invitations it sent (on delete cascade).
    await tx.delete(user).where(eq(user.id, viewer.userId));
  });
  await deps.events.endSessions(deps.db, { userId: viewer.userId, profileId: profile?.id, sessionIds: sessions.map((each) => each.id) });
  if (profile?.avatarUrl) await deps.avatars.remove(profile.avatarUrl);
  const headers = new Headers();
  for (const cookie of signedOut.headers.getSetCookie()) headers.append("set-cookie", cookie);
  return headers;
}
