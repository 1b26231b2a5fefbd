// Who the person (or their whole team) waits on right now: each blocking person with their open blockers' count and
// the longest wait, most blockers first. The MCP server's who_is_blocking tool.
import { sql } from "drizzle-orm";
import { compactDuration } from "../../../common/durations.ts";
import type { PersonResource } from "../../../common/public-api.ts";
import type { Database } from "../../db/client.ts";
import type { Member } from "../../http/app-env.ts";
import { peopleSummaries, personOf } from "../blockers/people-summaries.ts";
import { personResource } from "../public-api/blocker-resource.ts";

export type Wait = { person: PersonResource; openBlockers: number; longestWaitHours: number };

export async function whoIsBlocking(db: Database, member: Member, scope: "me" | "team", now: Date): Promise<Wait[]> {
  const mine = scope === "me" ? sql`and exists (select 1 from blocked_users w where w.blocker_id = b.id and w.profile_id = ${member.profileId})` : sql``;
  const result = (await db.execute(sql`
    select x.profile_id, count(*)::int as blockers, min(b.created_at) as oldest
    from blocking_users x join blockers b on b.id = x.blocker_id
    where b.organization_id = ${member.teamId} and b.status = 'open' and x.status = 'pending' ${mine}
    group by x.profile_id order by count(*) desc, min(b.created_at) asc limit 20`)) as unknown as { rows: { profile_id: string; blockers: number; oldest: string | Date }[] };
  const people = await peopleSummaries(db, result.rows.map((row) => row.profile_id), member.teamId);
  return result.rows.map((row) => ({
    person: personResource(personOf(people, row.profile_id)),
    openBlockers: row.blockers,
    longestWaitHours: Math.max(0, Math.round((now.getTime() - new Date(row.oldest).getTime()) / 360_000) / 10),
  }));
}

/** The waits as lines an assistant can quote. */
export const waitsOf = (waits: Wait[]) =>
  waits.map((wait) => `- ${wait.person.name ?? wait.person.email}: ${wait.openBlockers} open blocker${wait.openBlockers === 1 ? "" : "s"}, the oldest waiting ${compactDuration(wait.longestWaitHours * 3_600_000)}`).join("\n");
