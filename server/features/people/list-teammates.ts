import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { member as teamMember, profiles } from "../../db/schema.ts";
import type { Member } from "../../http/app-env.ts";

/** Everyone in my team, for the people picker (with "away until", shown beside the name). */
export async function listTeammates(db: Database, member: Member) {
  return db
    .select({ id: profiles.id, fullName: profiles.fullName, email: profiles.email, avatarUrl: profiles.avatarUrl, awayUntil: profiles.awayUntil, role: teamMember.role })
    .from(teamMember)
    .innerJoin(profiles, eq(profiles.authId, teamMember.userId))
    .where(eq(teamMember.organizationId, member.teamId))
    .orderBy(asc(profiles.fullName), asc(profiles.email));
}
