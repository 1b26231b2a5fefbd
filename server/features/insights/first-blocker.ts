// When a history of blockers began, for a team and for one person in it: in its first week a report says what it
// will show and from when (decision 050). A fact, not a decision: the web app compares it with its own now.
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { jsonValue } from "../../db/prepared.ts";

/** When the team's first blocker (of those it still has) was logged; null before any. One step of blockers_organization_created_idx. */
export const teamFirstBlockerAt = (db: Database, teamId: string) => jsonValue<string | null>(db, sql`(select to_json(min(created_at)) from blockers where organization_id = ${teamId})`);

/** When the person first waited, or was waited on, in the team (their first span); null before any. */
export const personFirstBlockerAt = (db: Database, teamId: string, profileId: string) =>
  jsonValue<string | null>(db, sql`(select to_json(min(started_at)) from blocker_spans where profile_id = ${profileId}::uuid and organization_id = ${teamId})`);
