// The Free plan's five members (DESIGN.md §7): a Free team's members and its invitations still waiting take the
// places; an invitation beyond them is refused, and so is joining a team that is full. On a downgrade nothing is
// removed: a team over the limit keeps its people, and takes no one new until it is within it.
import { FREE_MEMBERS } from "../../../common/plans.ts";
import { paths } from "../../../common/paths.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { Refusal } from "../../http/refusal.ts";
import { count, eq } from "drizzle-orm";
import { invitation, member } from "../../db/schema.ts";
import { pendingInvitationsOf, seatsTaken } from "./billing-summary.ts";
import { planOfTeam } from "./plan-of-team.ts";

type Deps = { db: Database; config: Pick<Config, "defaultPlan" | "stripe"> };

export const FREE_MEMBERS_MESSAGE = `The Free plan allows ${FREE_MEMBERS} members, invitations waiting included. Upgrade to Plus for unlimited members.`;

/**
 * How many more people the team may invite now (unlimited on Plus), and, on Free, the addresses whose invitation is
 * waiting: each holds a place already, so inviting it again takes none.
 */
export async function roomToInvite(deps: Deps, teamId: string, now: Date): Promise<{ room: number; waiting: Set<string> }> {
  if ((await planOfTeam(deps, teamId)) === "plus") return { room: Number.POSITIVE_INFINITY, waiting: new Set() };
  const [[members], pending] = await Promise.all([
    deps.db.select({ total: count() }).from(member).where(eq(member.organizationId, teamId)),
    deps.db.select({ email: invitation.email }).from(invitation).where(pendingInvitationsOf(teamId, now)),
  ]);
  return { room: Math.max(0, FREE_MEMBERS - (members?.total ?? 0) - pending.length), waiting: new Set(pending.map((row) => row.email.toLowerCase())) };
}

export const teamIsFull = () => new Refusal(403, "plan_limit_reached", FREE_MEMBERS_MESSAGE, { upgradeUrl: paths.organizationBilling });

/** Joining takes a place among the five: their own invitation held one, so only the members count. */
export async function requireRoomToJoin(deps: Deps, teamId: string, now: Date) {
  if ((await planOfTeam(deps, teamId)) === "plus") return;
  const seats = await seatsTaken(deps.db, teamId, now);
  if (seats.members >= FREE_MEMBERS) throw new Refusal(403, "plan_limit_reached", `This team is full on the Free plan (${FREE_MEMBERS} members): ask its owner to upgrade to Plus.`, { upgradeUrl: paths.organizationBilling });
}
