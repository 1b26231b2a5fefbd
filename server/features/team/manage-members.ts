// Changing who is in the team and with which role, from /organization/access: through better-auth's organization
// plugin (its checks and hooks run: the end of a membership follows a removal or a leave, decision 018), after
// Holdup's own checks, so that every refusal says why in Holdup's words and the page offers only what is allowed.
import { APIError, isAPIError } from "better-auth/api";
import { and, count, eq } from "drizzle-orm";
import type { Auth } from "../../auth/auth.ts";
import type { Database } from "../../db/client.ts";
import { member, profiles } from "../../db/schema.ts";
import type { Member } from "../../http/app-env.ts";
import { Refusal } from "../../http/refusal.ts";
import type { TeamRole } from "../../../common/teams.ts";
import { assignableRoles } from "./team-roles.ts";

type Deps = { auth: Auth; db: Database };
/** The person acting: their membership, their account, and their request's headers (better-auth reads the session from them). */
export type Actor = Member & { userId: string; headers: Headers };

const memberNotFound = () => new Refusal(404, "member_not_found", "This person is not a member of your team");
const lastOwner = () => new Refusal(409, "last_owner", "A team needs an owner: make someone else owner first");

async function findTeamMember(db: Database, teamId: string, memberId: string) {
  const [found] = await db
    .select({ memberId: member.id, userId: member.userId, profileId: profiles.id, role: member.role })
    .from(member)
    .innerJoin(profiles, eq(profiles.authId, member.userId))
    .where(and(eq(member.id, memberId), eq(member.organizationId, teamId)));
  if (!found) throw memberNotFound();
  return { ...found, role: found.role as TeamRole };
}

async function ownersOf(db: Database, teamId: string) {
  const [row] = await db.select({ total: count() }).from(member).where(and(eq(member.organizationId, teamId), eq(member.role, "owner")));
  return row?.total ?? 0;
}

/** better-auth's refusal, should it refuse what Holdup's checks let through (a race with another change). */
async function asRefusal<T>(change: Promise<T>): Promise<T> {
  try {
    return await change;
  } catch (error) {
    if (!isAPIError(error)) throw error;
    throw new Refusal(error.statusCode === 404 ? 404 : 403, "team_change_refused", (error as APIError).body?.message ?? "This change is not allowed");
  }
}

export async function changeRole({ auth, db }: Deps, actor: Actor, memberId: string, role: TeamRole) {
  const target = await findTeamMember(db, actor.teamId, memberId);
  if (target.profileId === actor.profileId) throw new Refusal(403, "own_role", "You cannot change your own role: ask another owner or admin");
  if (!assignableRoles(actor.role as TeamRole, target.role).includes(role)) {
    throw new Refusal(403, "role_not_allowed", actor.role === "admin" ? "Only an owner can make someone an owner, or change an owner's role" : "Only owners and admins change roles");
  }
  if (target.role === role) return { memberId, role };
  await asRefusal(auth.api.updateMemberRole({ body: { memberId, role, organizationId: actor.teamId }, headers: actor.headers }));
  return { memberId, role };
}

export async function removeMember({ auth, db }: Deps, actor: Actor, memberId: string) {
  const target = await findTeamMember(db, actor.teamId, memberId);
  if (target.profileId === actor.profileId) throw new Refusal(409, "remove_yourself", "To remove yourself, leave the team");
  if (assignableRoles(actor.role as TeamRole, target.role).length === 0) {
    throw new Refusal(403, "remove_not_allowed", actor.role === "admin" ? "Only an owner can remove an owner" : "Only owners and admins remove members");
  }
  await asRefusal(auth.api.removeMember({ body: { memberIdOrEmail: memberId, organizationId: actor.teamId }, headers: actor.headers }));
}

export async function leaveTeam({ auth, db }: Deps, actor: Actor) {
  if (actor.role === "owner" && (await ownersOf(db, actor.teamId)) <= 1) throw lastOwner();
  await asRefusal(auth.api.leaveOrganization({ body: { organizationId: actor.teamId }, headers: actor.headers }));
}

/** The owner makes someone else owner and becomes an admin: the team always has an owner. */
export async function transferOwnership({ auth, db }: Deps, actor: Actor, memberId: string) {
  if (actor.role !== "owner") throw new Refusal(403, "owner_only", "Only an owner can hand ownership over");
  const target = await findTeamMember(db, actor.teamId, memberId);
  if (target.profileId === actor.profileId) throw new Refusal(409, "already_owner", "You are the owner already: choose someone else");
  if (target.role !== "owner") await asRefusal(auth.api.updateMemberRole({ body: { memberId, role: "owner", organizationId: actor.teamId }, headers: actor.headers }));
  const [own] = await db.select({ id: member.id }).from(member).where(and(eq(member.organizationId, actor.teamId), eq(member.userId, actor.userId)));
  if (own) await asRefusal(auth.api.updateMemberRole({ body: { memberId: own.id, role: "admin", organizationId: actor.teamId }, headers: actor.headers }));
}
