import { inArray } from "drizzle-orm";
import { profiles } from "../../db/schema.ts";
import type { Executor } from "./blocker-people.ts";

export type PersonSummary = { id: string; fullName: string | null; email: string; avatarUrl: string | null };

/** Names and avatars of these profiles, by id, in one query. */
export async function peopleSummaries(executor: Executor, profileIds: Iterable<string>): Promise<Map<string, PersonSummary>> {
  const ids = [...new Set(profileIds)];
  if (ids.length === 0) return new Map();
  const rows = await executor
    .select({ id: profiles.id, fullName: profiles.fullName, email: profiles.email, avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(inArray(profiles.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** A person for the answer; a profile that has since been deleted still shows as someone. */
export const personOf = (people: Map<string, PersonSummary>, id: string): PersonSummary => people.get(id) ?? { id, fullName: null, email: "", avatarUrl: null };
