// Joining a team by its invitation, the one way into a team besides creating one (decision 018): the invitation
// must be the person's (their e-mail) and proved theirs (a confirmed address, or the link's token).
import { isAPIError } from "better-auth/api";
import type { Auth } from "../../auth/auth.ts";
import type { Config } from "../../config.ts";
import { requireRoomToJoin } from "../billing/member-limit.ts";
import { MAX_TEAMS_PER_PERSON } from "../../../common/teams.ts";
import { Refusal } from "../../http/refusal.ts";
import { startWaitingOnNewMember } from "../blockers/invitees.ts";
import { findProfile } from "../profile/find-profile.ts";
import { countTeamsOf, findTeam, tooManyTeams } from "../team/find-team.ts";
import { findInvitationFor, invitationNotFound, requireProof } from "./list-invitations.ts";
import type { ChangeDependencies } from "../blockers/change-blocker.ts";

export const alreadyInTeam = () => new Refusal(409, "already_in_team", "You are already a member of this team");

export async function acceptInvitation(deps: ChangeDependencies & { auth: Auth; config: Pick<Config, "defaultPlan" | "stripe"> }, person: { userId: string; email: string; headers: Headers }, invitationId: string, token: string | undefined, now: Date) {
  const { auth, db } = deps;
  const invitation = await findInvitationFor(db, person.email, invitationId, now);
  if (!invitation) throw invitationNotFound();
  if (await findTeam(db, person.userId, invitation.teamId)) throw alreadyInTeam();
  if ((await countTeamsOf(db, person.userId)) >= MAX_TEAMS_PER_PERSON) throw tooManyTeams();
  await requireRoomToJoin(deps, invitation.teamId, now);
  await requireProof(db, person.userId, invitationId, token);
  try {
    await auth.api.acceptInvitation({ body: { invitationId }, headers: person.headers });
  } catch (error) {
    if (!isAPIError(error)) throw error;
    // Joined this team, or too many, in the meantime (decision 029); else expired or taken: to this person it no
    // longer exists.
    if (error.body?.code === "ALREADY_IN_TEAM") throw alreadyInTeam();
    if (error.body?.code === "TOO_MANY_TEAMS") throw tooManyTeams();
    throw invitationNotFound();
  }
  const team = await findTeam(db, person.userId, invitation.teamId);
  const profile = await findProfile(db, person.userId);
  if (team && profile) await startWaitingOnNewMember(deps, { profileId: profile.id, email: person.email, teamId: team.id }, now);
  return team;
}
