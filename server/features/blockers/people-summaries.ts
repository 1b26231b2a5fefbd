import { and, eq, inArray, sql } from "drizzle-orm";
import { member as teamMember, profiles } from "../../db/schema.ts";
import type { Executor } from "./blocker-people.ts";

/** `formerMember`: no longer in the team the answer is about (they left or were removed); their history stays. */
/** `awayUntil`: the date they said they are away until (their reminders wait), shown beside their name. */
export type PersonSummary = { id: string; fullName: string | null; email: string; avatarUrl: string | null; awayUntil: string | null; formerMember: boolean };

/** Names and avatars of these profiles, by id, in one query, each marked when they are no longer in `teamId`. */
export async function peopleSummaries(executor: Executor, profileIds: Iterable<string>, teamId: string): Promise<Map<string, PersonSummary>> {
  const ids = [...new Set(profileIds)];
  if (ids.length === 0) return new Map();
  const rows = await executor
    .select({ id: profiles.id, fullName: profiles.fullName, email: profiles.email, avatarUrl: profiles.avatarUrl, awayUntil: profiles.awayUntil, notInTeam: sql<boolean>`${teamMember.id} is null` })
    .from(profiles)
    .leftJoin(teamMember, and(eq(teamMember.userId, profiles.authId), eq(teamMember.organizationId, teamId)))
    .where(inArray(profiles.id, ids));
  return new Map(rows.map(({ notInTeam, ...person }) => [person.id, { ...person, formerMember: notInTeam }]));
}

/** A person for the answer; a profile that has since been deleted still shows as someone, no longer in the team. */
export const personOf = (people: Map<string, PersonSummary>, id: string): PersonSummary => people.get(id) ?? unknownPerson(id);

/** Someone whose profile has since been deleted. */
export const unknownPerson = (id: string): PersonSummary => ({ id, fullName: null, email: "", avatarUrl: null, awayUntil: null, formerMember: true });
