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

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Calls `onMessage` for every NOTIFY on the channel, from this process or any other sharing the database. */
  listen: (channel: string, onMessage: (payload: string) => void) => Promise<() => Promise<void>>;
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
  const listeners = new Set<pg.Client>();
  return {
    db: db as unknown as Database,
    kind: "postgres",
    listen: async (channel, onMessage) => {
      // LISTEN needs a connection of its own, outside the pool, for as long as we listen.
      const client = new pg.Client({ connectionString: databaseUrl });
      client.on("error", (error) => console.error(`PostgreSQL listener connection lost: ${error.message}`));
      await client.connect();
      client.on("notification", (message) => message.channel === channel && onMessage(message.payload ?? ""));
      await client.query(`listen "${channel.replace(/"/g, "")}"`);
      listeners.add(client);
      return async () => {
        listeners.delete(client);
        await client.end();
      };
    },
    close: async () => {
      await Promise.all([...listeners].map((client) => client.end()));
      await pool.end();
    },
  };
}
