// The job queue: pg-boss on the app's own database (PGlite or PostgreSQL), through the one connection or pool the app
// already has (STACK.md). Jobs are created inside the transaction that decides them (`sendWithin`): a rolled-back
// change leaves no job behind, and a committed one always has its job.
import PgBoss from "pg-boss";
import { sql, type SQL, type SQLChunk } from "drizzle-orm";
import type { Database, DatabaseHandle } from "../db/client.ts";
import type { Logger } from "../logger.ts";

/** Anything that runs drizzle SQL: the database or one of its transactions. */
type Executor = Pick<Database, "execute">;

/** pg-boss's SQL ("… where id = $1 …") as drizzle SQL, each value one parameter (an array stays one array). */
export function positionalSql(text: string, values: readonly unknown[]): SQL {
  const chunks: SQLChunk[] = [];
  let from = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(from, match.index)));
    chunks.push(sql.param(values[Number(match[1]) - 1]));
    from = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(from)));
  return sql.join(chunks);
}

/** pg-boss's view of a drizzle executor, so a job is written in that executor's transaction. */
const asPgBossDb = (executor: Executor): PgBoss.Db => ({
  executeSql: async (text, values) => ({ rows: ((await executor.execute(positionalSql(text, values ?? []))) as unknown as { rows: unknown[] }).rows }),
});

/** How a failing e-mail is tried again: `retryLimit` more times, `retryDelay` seconds apart, doubling each time. */
export type EmailRetries = { retryLimit: number; retryDelay: number; retryBackoff: boolean };
/** Five more tries, 2, 4, 8, 16 and 32 minutes apart (about an hour), then it is a failure the team's admins see. */
export const EMAIL_RETRIES: EmailRetries = { retryLimit: 5, retryDelay: 120, retryBackoff: true };

export type JobQueue = {
  boss: PgBoss;
  emailRetries: EmailRetries;
  /** Creates a job in the executor's transaction. */
  sendWithin: <T extends object>(executor: Executor, queue: string, data: T, options?: PgBoss.SendOptions) => Promise<void>;
  /** Creates many jobs in the executor's transaction, in one statement. */
  insertWithin: (executor: Executor, jobs: PgBoss.JobInsert[]) => Promise<void>;
  stop: () => Promise<void>;
};

export async function startJobQueue(database: Pick<DatabaseHandle, "query">, logger: Logger, settings: { emailRetries?: EmailRetries } = {}): Promise<JobQueue> {
  const boss = new PgBoss({ db: { executeSql: (text, values) => database.query(text, values) }, schema: "pgboss" });
  boss.on("error", (error) => logger.error("Job queue", error));
  await boss.start();
  return {
    boss,
    emailRetries: settings.emailRetries ?? EMAIL_RETRIES,
    sendWithin: async (executor, queue, data, options = {}) => {
      await boss.send(queue, data, { ...options, db: asPgBossDb(executor) });
    },
    insertWithin: async (executor, jobs) => {
      if (jobs.length > 0) await boss.insert(jobs, { db: asPgBossDb(executor) });
    },
    // Running jobs finish (or are retried elsewhere), nothing new is taken; the database closes after.
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}
