// GET /api/v1/events: what happened in the team, in order, after a cursor: the blockers' timelines, merged. A reader
// that polls with the last `nextCursor` sees every event once, never skipping one: events are read in the order of
// their transactions (xid8), and only those of transactions older than every transaction still running — a
// sequence number alone would let a slow transaction commit an earlier number after a reader moved past it.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { BlockerEventType } from "../../../common/blockers.ts";
import type { eventsQuerySchema } from "../../../common/public-api.ts";
import type { Database } from "../../db/client.ts";
import type { Member } from "../../http/app-env.ts";
import { readCursor, writeCursor } from "../../http/cursor.ts";
import { peopleSummaries, personOf } from "../blockers/people-summaries.ts";
import { personResource } from "./blocker-resource.ts";

type Position = [transactionId: string, sequence: number];
const positionSchema = z.tuple([z.string().regex(/^\d{1,20}$/), z.number().int().min(0)]);
const START: Position = ["0", 0];

type Row = { id: string; transaction_id: string; sequence: string | number; type: BlockerEventType; blocker_id: string; actor_id: string | null; payload: Record<string, unknown>; created_at: string };

export async function readEventFeed(db: Database, member: Member, query: z.output<typeof eventsQuerySchema>) {
  const [transactionId, sequence] = readCursor(query.after, positionSchema) ?? START;
  const result = (await db.execute(sql`
    select e.id, e.transaction_id::text as transaction_id, e.sequence, e.type, e.blocker_id, e.actor_id, e.payload, to_json(e.created_at) #>> '{}' as created_at
    from blocker_events e join blockers b on b.id = e.blocker_id
    where b.organization_id = ${member.teamId}
      and (e.transaction_id, e.sequence) > (${transactionId}::xid8, ${sequence}::bigint)
      and e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
    order by e.transaction_id, e.sequence
    limit ${query.limit}`)) as unknown as { rows: Row[] };
  const rows = result.rows;
  const mentioned = rows.flatMap((row) => [row.actor_id, typeof row.payload.profileId === "string" ? row.payload.profileId : null]).filter((id): id is string => id !== null);
  const people = await peopleSummaries(db, mentioned, member.teamId);
  const events = rows.map((row) => {
    const position = writeCursor([row.transaction_id, Number(row.sequence)] satisfies Position);
    const subject = typeof row.payload.profileId === "string" ? row.payload.profileId : null;
    return {
      id: row.id,
      cursor: position,
      type: row.type,
      blockerId: row.blocker_id,
      actor: row.actor_id ? personResource(personOf(people, row.actor_id)) : null,
      person: subject ? personResource(personOf(people, subject)) : null,
      payload: row.payload,
      createdAt: new Date(row.created_at).toISOString(),
    };
  });
  return { events, nextCursor: events.at(-1)?.cursor ?? writeCursor([transactionId, sequence] satisfies Position) };
}
