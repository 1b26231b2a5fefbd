// One database handle for the whole server: embedded PGlite by default, PostgreSQL when DATABASE_URL is set.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { lockDataDir } from "./data-dir-lock.ts";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type ListenConnectionWatcher = { lost: () => void; restored: () => void };

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /**
   * Calls `onMessage` for every NOTIFY on the channel, from this process or any other sharing the database. On a
   * PostgreSQL server the listening connection can be lost: `connection.lost` is called then (messages may be
   * missed until `connection.restored`), and it is opened again.
   */
  listen: (channel: string, onMessage: (payload: string) => void, connection?: ListenConnectionWatcher) => Promise<() => Promise<void>>;
  /**
   * Plain SQL with positional parameters, for the job queue (pg-boss takes `executeSql(text, values)`). Without
   * values the text may hold several statements (pg-boss's own migrations); the last one's rows are answered.
   */
  query: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  close: () => Promise<void>;
};

// Resolves to <root>/server/db/migrations both from this file and from the bundle in dist/server/.
const migrationsFolder = fileURLToPath(new URL("../../server/db/migrations", import.meta.url));
// Any constant works: it only has to be the same for every Holdup instance sharing one PostgreSQL.
const MIGRATION_LOCK_KEY = 7_460_114;

export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(path.join(options.dataDir, "pglite"), options.dataDir);
}

async function openPglite(databaseDir: string, dataDir: string): Promise<DatabaseHandle> {
  fs.mkdirSync(databaseDir, { recursive: true });
  const unlock = lockDataDir(dataDir);
  try {
    const client = await PGlite.create(databaseDir);
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Database,
      kind: "pglite",
      listen: async (channel, onMessage) => client.listen(channel, onMessage),
      query: async (text, values) => {
        if (values && values.length > 0) return client.query<Record<string, unknown>>(text, values);
        const results = await client.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      },
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

async function openPostgres(databaseUrl: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle connection can fail (the server restarts, a network blip): the pool replaces it; it must not crash us.
  pool.on("error", (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  const db = drizzlePostgres(pool, { schema });
  // Several instances may start at once: the advisory lock lets one migrate while the others wait.
  const lockClient = await pool.connect();
  try {
    await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migratePostgres(drizzlePostgres(lockClient, { schema }), { migrationsFolder });
  } finally {
    await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    lockClient.release();
  }
  const listeners = new Set<{ close: () => Promise<void> }>();
  return {
    db: db as unknown as Database,
    kind: "postgres",
    listen: async (channel, onMessage, connection) => {
      const listener = await listenToPostgres(databaseUrl, channel, onMessage, connection);
      listeners.add(listener);
      return async () => {
        listeners.delete(listener);
        await listener.close();
      };
    },
    query: async (text, values) => pool.query(text, values),
    close: async () => {
      await Promise.all([...listeners].map((listener) => listener.close()));
      await pool.end();
    },
  };
}

/** 1 s, 2 s, 4 s… up to 30 s between attempts to open a lost listening connection again. */
const relistenDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

/**
 * LISTEN on a connection of its own, outside the pool, for as long as we listen. A lost connection (the server
 * restarted, a network blip) is reported and opened again, so live events and cache marks keep coming.
 */
async function listenToPostgres(databaseUrl: string, channel: string, onMessage: (payload: string) => void, connection?: ListenConnectionWatcher) {
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const open = async () => {
    const opened = new pg.Client({ connectionString: databaseUrl });
    let lost = false;
    const onLost = (reason: string) => {
      if (lost || closed) return;
      lost = true;
      console.error(`PostgreSQL listener connection lost: ${reason}`);
      connection?.lost();
      void opened.end().catch(() => {});
      scheduleReopen(0);
    };
    // Until it listens, a failure is the caller's to handle (the start fails, or the next attempt is scheduled).
    const failedToOpen = (error: Error) => void error;
    opened.on("error", failedToOpen);
    try {
      await opened.connect();
      opened.on("notification", (message) => message.channel === channel && onMessage(message.payload ?? ""));
      await opened.query(`listen "${channel.replace(/"/g, "")}"`);
    } catch (error) {
      await opened.end().catch(() => {});
      throw error;
    }
    opened.off("error", failedToOpen);
    opened.on("error", (error) => onLost(error.message));
    opened.on("end", () => onLost("the connection ended"));
    client = opened;
  };
  const scheduleReopen = (attempt: number) => {
    retry = setTimeout(() => {
      if (closed) return;
      open().then(
        () => connection?.restored(),
        () => scheduleReopen(attempt + 1),
      );
    }, relistenDelay(attempt));
    retry.unref();
  };
  await open();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await client?.end();
    },
  };
}
