// Nothing leaves for someone who has left. A notification's e-mail or Slack message is queued with the change that
// made it, for the team's members then; by the time a worker sends it (or tries it again, minutes later) the person
// may have left the team or been removed. Each worker asks here just before it sends, and drops what is no longer
// theirs. Deliveries that span teams (a digest: no team) are filtered where they are composed instead.
import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { deliveries, member, profiles } from "../../db/schema.ts";

/** Of these deliveries, those whose person is no longer a member of the delivery's team. */
export async function deliveriesToPeopleWhoLeft(db: Database, deliveryIds: string[]): Promise<Set<string>> {
  if (deliveryIds.length === 0) return new Set();
  const rows = await db
    .select({ id: deliveries.id })
    .from(deliveries)
    .innerJoin(profiles, eq(profiles.id, deliveries.profileId))
    .leftJoin(member, and(eq(member.organizationId, deliveries.teamId), eq(member.userId, profiles.authId)))
    .where(and(inArray(deliveries.id, deliveryIds), isNotNull(deliveries.teamId), isNull(member.id)));
  return new Set(rows.map((row) => row.id));
}
