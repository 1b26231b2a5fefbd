import { and, asc, count, eq, sql } from "drizzle-orm";
import { MAX_TEAMS_PER_PERSON } from "../../../common/teams.ts";
import type { Database } from "../../db/client.ts";
import { Refusal } from "../../http/refusal.ts";
import { blockers, blockingUsers, member, organization, profiles } from "../../db/schema.ts";

export type Team = { id: string; name: string; slug: string; role: string; memberCount: number };
/** A team in the person's team switcher: with how many parts wait on them there. */
export type TeamOfMine = Team & { waitingOnMe: number };

const memberCount = sql<number>`(select count(*) from ${member} m where m.organization_id = ${organization.id})::int`;

/** The team, as its member `userId` sees it (their role); undefined when they are not in it. */
export async function findTeam(db: Database, userId: string, teamId: string): Promise<Team | undefined> {
  const [team] = await db
    .select({ id: organization.id, name: organization.name, slug: organization.slug, role: member.role, memberCount })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(and(eq(member.userId, userId), eq(member.organizationId, teamId)));
  return team;
}

/** The person's first team (their oldest membership), for onboarding and for requests that name no team. */
export async function findFirstTeam(db: Database, userId: string): Promise<Team | undefined> {
  const [first] = await db.select({ id: member.organizationId }).from(member).where(eq(member.userId, userId)).orderBy(asc(member.createdAt)).limit(1);
  return first && findTeam(db, userId, first.id);
}

export const tooManyTeams = () => new Refusal(409, "too_many_teams", `You are in ${MAX_TEAMS_PER_PERSON} teams, the most one person can be in: leave one first`);

/** How many teams the person is in (at most MAX_TEAMS_PER_PERSON). */
export async function countTeamsOf(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(member).where(eq(member.userId, userId));
  return row?.total ?? 0;
}

/**
 * Every team of the person, oldest membership first, each with the parts pending on them there (the "Waiting on
 * me" counter of that team, as count-waiting.ts counts it).
 */
export async function listTeamsOf(db: Database, userId: string): Promise<TeamOfMine[]> {
  const waitingOnMe = sql<number>`(
    select count(*) from ${blockingUsers} b join ${blockers} on ${blockers.id} = b.blocker_id
    where b.profile_id = ${profiles.id} and b.status = 'pending' and ${blockers.organizationId} = ${organization.id}
  )::int`;
  return db
    .select({ id: organization.id, name: organization.name, slug: organization.slug, role: member.role, memberCount, waitingOnMe })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .innerJoin(profiles, eq(profiles.authId, member.userId))
    .where(eq(member.userId, userId))
    .orderBy(asc(member.createdAt), asc(organization.id));
}
