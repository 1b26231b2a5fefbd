// Statements PostgreSQL plans once per connection. The dashboard's statements take longer to plan than to run
// (0.8 ms against 0.3–1 ms, measured on the bench's data): on PostgreSQL they run as named prepared statements,
// which node-postgres keeps per connection, so each connection plans each of them once. PGlite plans every
// statement as it comes, as before.
import { createHash } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import type { Database } from "./client.ts";

const dialect = new PgDialect();
const names = new Map<string, string>();

/** The name of a statement: its text's digest, so the same text always has the same name and two texts never share one. */
function nameOf(text: string) {
  let name = names.get(text);
  if (!name) {
    name = `holdup_${createHash("sha256").update(text).digest("base64url").slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

/** The rows of a statement, planned as it comes. */
async function run(db: Database, query: SQL): Promise<Record<string, unknown>[]> {
  return ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
}

/** The rows of a statement, prepared on PostgreSQL (see above). Only for statements whose text takes a bounded set of shapes. */
export async function runPrepared(db: Database, query: SQL): Promise<Record<string, unknown>[]> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (!(client instanceof pg.Pool)) return run(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  return (await client.query({ name: nameOf(text), text, values: params as unknown[] })).rows;
}

/**
 * The one JSON value a statement answered (PGlite and node-postgres both parse json columns). `prepared: false` for a
 * statement whose best plan depends on its values (search: a common word is walked, a rare one looked up), which a
 * plan made once per connection would fix for all of them.
 */
export async function jsonValue<T>(db: Database, query: SQL, options: { prepared: boolean } = { prepared: true }): Promise<T> {
  const statement = sql`select ${query} as value`;
  const [row] = await (options.prepared ? runPrepared : run)(db, statement);
  return row?.value as T;
}
