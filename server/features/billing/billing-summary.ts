// What /organization/billing shows: the plan, who decides it (Stripe, or DEFAULT_PLAN when self-hosted), the
// subscription as Stripe last said, and the use of each Free limit.
import { and, count, eq, gt, gte } from "drizzle-orm";
import { FREE_BLOCKERS_PER_DAY, FREE_INTEGRATIONS, FREE_MEMBERS, PLUS_PRICE_CENTS } from "../../../common/plans.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { blockers, invitation, member, teamBilling } from "../../db/schema.ts";
import type { Member } from "../../http/app-env.ts";
import { startOfDayIn } from "../blockers/start-of-day.ts";
import { integrationsConnected } from "./integration-limit.ts";
import { planOfTeam } from "./plan-of-team.ts";

/** A team's invitations still waiting (not accepted, declined, revoked or expired). */
export const pendingInvitationsOf = (teamId: string, now: Date) => and(eq(invitation.organizationId, teamId), eq(invitation.status, "pending"), gt(invitation.expiresAt, now));

/** The team's members and its invitations still waiting: the places a Free team's five are counted against. */
export async function seatsTaken(db: Database, teamId: string, now: Date) {
  const [[members], [pending]] = await Promise.all([
    db.select({ total: count() }).from(member).where(eq(member.organizationId, teamId)),
    db.select({ total: count() }).from(invitation).where(pendingInvitationsOf(teamId, now)),
  ]);
  return { members: members?.total ?? 0, pendingInvitations: pending?.total ?? 0 };
}

export async function billingSummary(deps: { db: Database; config: Pick<Config, "defaultPlan" | "stripe"> }, viewer: Member, now: Date) {
  const [plan, seats, [billing], [today], integrations] = await Promise.all([
    planOfTeam(deps, viewer.teamId),
    seatsTaken(deps.db, viewer.teamId, now),
    deps.db.select().from(teamBilling).where(eq(teamBilling.teamId, viewer.teamId)),
    deps.db.select({ total: count() }).from(blockers).where(and(eq(blockers.organizationId, viewer.teamId), eq(blockers.createdBy, viewer.profileId), gte(blockers.createdAt, startOfDayIn(viewer.timezone, now)))),
    integrationsConnected(deps.db, viewer.teamId),
  ]);
  return {
    plan,
    provider: deps.config.stripe ? ("stripe" as const) : ("none" as const),
    plusPriceCents: PLUS_PRICE_CENTS,
    canManage: viewer.isAdmin && deps.config.stripe !== undefined,
    subscription: billing?.stripeSubscriptionId
      ? { status: billing.subscriptionStatus, currentPeriodEnd: billing.currentPeriodEnd?.toISOString() ?? null, cancelAtPeriodEnd: billing.cancelAtPeriodEnd }
      : null,
    usage: {
      members: { used: seats.members, pendingInvitations: seats.pendingInvitations, limit: FREE_MEMBERS },
      integrations: { used: integrations, limit: FREE_INTEGRATIONS },
      blockersToday: { used: today?.total ?? 0, limit: FREE_BLOCKERS_PER_DAY },
    },
  };
}
