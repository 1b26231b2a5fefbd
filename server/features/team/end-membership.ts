// What happens when someone's membership of a team ends, whether they left or an owner or admin removed them
// (better-auth's hooks call this once the member row is gone: server/auth/team-membership-rules.ts). The team's
// blockers stop waiting on them, and their open event streams close on every server instance. What they may
// still read is decided where it is read: lists, counters and notifications are those of their current team.
import { and, eq } from "drizzle-orm";
import { member, profiles } from "../../db/schema.ts";
import type { ChangeDependencies } from "../blockers/change-blocker.ts";
import { releaseFormerMember } from "../blockers/release-former-member.ts";
import { revokeTeamKeys } from "../api-keys/manage-api-keys.ts";

export type EndedMembership = { userId: string; teamId: string };

export async function endMembership(deps: ChangeDependencies, ended: EndedMembership, now: Date) {
  const [person] = await deps.db
    .select({ profileId: profiles.id, stillMember: member.id })
    .from(profiles)
    .leftJoin(member, and(eq(member.userId, profiles.authId), eq(member.organizationId, ended.teamId)))
    .where(eq(profiles.authId, ended.userId));
  // Called for a membership that still exists (a hook misplaced, a rejoin in between), it must change nothing.
  if (!person || person.stillMember) return;
  const formerMember = { profileId: person.profileId, teamId: ended.teamId };
  // Their member record and everything kept of the team (cards name them as a former member now) are stale.
  await deps.events.changeData(deps.db, { teamIds: [ended.teamId], userIds: [ended.userId] }, async (tx) => {
    await releaseFormerMember(deps, tx, formerMember, now);
    // Their API keys for this team stop with the membership (the kept copies are stale by the mark above).
    await revokeTeamKeys(tx, ended);
    // Leaves on commit, like every live event, to every instance listening (decision 011).
    await deps.events.publish(tx, [person.profileId], { kind: "membership_ended", teamId: ended.teamId });
    // Those who remain see the team without them (its member count, the people picker).
    await deps.events.publishToTeam(tx, { kind: "team", teamId: ended.teamId });
  });
}
