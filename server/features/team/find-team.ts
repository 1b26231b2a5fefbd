import { asc, count, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { member, organization } from "../../db/schema.ts";

export type Team = { id: string; name: string; slug: string; role: string; memberCount: number };

/** The person's team (Holdup keeps one team per person; see docs/decisions/004-one-team-per-person.md). */
export async function findTeam(db: Database, userId: string): Promise<Team | undefined> {
  const [membership] = await db
    .select({ id: organization.id, name: organization.name, slug: organization.slug, role: member.role })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(eq(member.userId, userId))
    .orderBy(asc(member.createdAt))
    .limit(1);
  if (!membership) return undefined;
  const [members] = await db.select({ total: count() }).from(member).where(eq(member.organizationId, membership.id));
  return { ...membership, memberCount: members?.total ?? 0 };
}
