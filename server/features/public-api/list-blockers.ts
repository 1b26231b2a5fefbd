// GET /api/v1/blockers: the team's blockers a script asks for (mine to answer, mine to wait for, or the team's;
// by status, priority, person), newest first, a page at a time after a cursor. A page is kept in the answer cache
// until the team changes (decision 028), like the dashboard's: scripts poll.
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { BlockerResource } from "../../../common/public-api.ts";
import type { blockerListQuerySchema } from "../../../common/public-api.ts";
import type { Database } from "../../db/client.ts";
import type { AnswerCache } from "../../http/answer-cache.ts";
import type { Member } from "../../http/app-env.ts";
import { readCursor, writeCursor } from "../../http/cursor.ts";
import { readBlockerResources } from "./blocker-resource.ts";

export type BlockerListQuery = z.output<typeof blockerListQuerySchema>;

const cursorSchema = z.tuple([z.iso.datetime({ offset: true }), z.uuid()]);

function conditions(member: Member, query: BlockerListQuery, after: [string, string] | undefined): SQL[] {
  const where: SQL[] = [sql`b.organization_id = ${member.teamId}`];
  if (query.status !== "all") where.push(sql`b.status = ${query.status}`);
  if (query.priority) where.push(sql`b.priority = ${query.priority}`);
  if (query.view === "waiting_on_me") where.push(sql`exists (select 1 from blocking_users x where x.blocker_id = b.id and x.profile_id = ${member.profileId} and x.status = 'pending')`);
  if (query.view === "im_waiting_on") {
    where.push(sql`exists (select 1 from blocked_users w where w.blocker_id = b.id and w.profile_id = ${member.profileId})`);
    where.push(sql`exists (select 1 from blocking_users x where x.blocker_id = b.id and x.status = 'pending')`);
  }
  if (query.person) {
    where.push(sql`(exists (select 1 from blocked_users w where w.blocker_id = b.id and w.profile_id = ${query.person}) or exists (select 1 from blocking_users x where x.blocker_id = b.id and x.profile_id = ${query.person}))`);
  }
  if (after) where.push(sql`(b.created_at, b.id) < (${after[0]}::timestamptz, ${after[1]}::uuid)`);
  return where;
}

export type BlockerPage = { blockers: BlockerResource[]; nextCursor: string | null };

async function readPage(db: Database, member: Member, query: BlockerListQuery, appUrl: string): Promise<BlockerPage> {
  const after = readCursor(query.cursor, cursorSchema);
  const rows = (await db.execute(
    sql`select b.id, to_json(b.created_at) #>> '{}' as created_at from blockers b where ${sql.join(conditions(member, query, after), sql` and `)} order by b.created_at desc, b.id desc limit ${query.limit + 1}`,
  )) as unknown as { rows: { id: string; created_at: string }[] };
  const page = rows.rows.slice(0, query.limit);
  const resources = await readBlockerResources(db, member.teamId, page.map((row) => row.id), appUrl);
  const last = page.at(-1);
  return {
    blockers: page.map((row) => resources.get(row.id)).filter((found): found is BlockerResource => found !== undefined),
    // PostgreSQL's own ISO text of the time (microseconds): the next page starts exactly after the last row.
    nextCursor: rows.rows.length > query.limit && last ? writeCursor([last.created_at, last.id]) : null,
  };
}

export function listBlockers(deps: { db: Database; answers: AnswerCache; config: { appUrl: string } }, member: Member, query: BlockerListQuery): Promise<BlockerPage> {
  const key = `v1-blockers:${member.teamId}:${member.profileId}:${query.view}:${query.status}:${query.priority ?? ""}:${query.person ?? ""}:${query.limit}:${query.cursor ?? ""}`;
  return deps.answers.read(key, { teamId: member.teamId }, () => readPage(deps.db, member, query, deps.config.appUrl));
}
