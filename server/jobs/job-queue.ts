// The job queue: pg-boss on the app's own database (PGlite or PostgreSQL), through the one connection or pool the app
// already has (STACK.md). Jobs are created inside the transaction that decides them (`sendWithin`): a rolled-back
// change leaves no job behind, and a committed one always has its job.
import { setImmediate as nextTurn, setTimeout as delay } from "node:timers/promises";
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
  /** How long a person's first change waits for more before its message goes (EMAIL_BATCH_SECONDS; 0: at once, alone). */
  batchSeconds: number;
  /** Creates a job in the executor's transaction. */
  sendWithin: <T extends object>(executor: Executor, queue: string, data: T, options?: PgBoss.SendOptions) => Promise<void>;
  /** Creates many jobs in the executor's transaction, in one statement. */
  insertWithin: (executor: Executor, jobs: PgBoss.JobInsert[]) => Promise<void>;
  /** pg-boss's `work`, with the handler's runs followed, so stopping waits for them (every worker starts here). */
  work: PgBoss["work"];
  stop: () => Promise<void>;
};

/** How long stopping waits for jobs and pg-boss's own writes under way (as long as pg-boss waits for running jobs). */
const STOP_TIMEOUT_MS = 10_000;

/**
 * Promises under way, so stopping can wait until none is left. pg-boss counts a worker busy only once its jobs are
 * fetched: a fetch under way when it stops still hands its jobs to the handler after `stop()` resolved, and pg-boss then
 * completes or fails them without awaiting it. Closing the database before they end would reject those writes unheard
 * (an unhandled rejection, and a job left locked until it expires).
 */
function underWay() {
  const running = new Set<Promise<unknown>>();
  return {
    follow: <T>(promise: Promise<T>) => {
      running.add(promise);
      const forget = () => void running.delete(promise);
      promise.then(forget, forget);
      return promise;
    },
    /** Settles when nothing has been under way for a whole turn of the event loop (a settled fetch starts a handler). */
    settled: async () => {
      const deadline = delay(STOP_TIMEOUT_MS, "timeout" as const, { ref: false });
      do {
        if ((await Promise.race([Promise.allSettled(running), deadline])) === "timeout") return;
        await nextTurn();
      } while (running.size > 0);
    },
  };
}

export async function startJobQueue(database: Pick<DatabaseHandle, "query">, logger: Logger, settings: { emailRetries?: EmailRetries; batchSeconds?: number } = {}): Promise<JobQueue> {
  const busy = underWay();
  const boss = new PgBoss({ db: { executeSql: (text, values) => busy.follow(database.query(text, values)) }, schema: "pgboss" });
  boss.on("error", (error) => logger.error("Job queue", error));
  await boss.start();
  return {
    boss,
    emailRetries: settings.emailRetries ?? EMAIL_RETRIES,
    batchSeconds: settings.batchSeconds ?? 0,
    sendWithin: async (executor, queue, data, options = {}) => {
      await boss.send(queue, data, { ...options, db: asPgBossDb(executor) });
    },
    insertWithin: async (executor, jobs) => {
      if (jobs.length > 0) await boss.insert(jobs, { db: asPgBossDb(executor) });
    },
    work: ((name: string, ...rest: unknown[]) => {
      const handler = rest.pop() as (jobs: unknown) => Promise<unknown>;
      return (boss.work as (name: string, ...rest: unknown[]) => Promise<string>)(name, ...rest, (jobs: unknown) => busy.follow(handler(jobs)));
    }) as PgBoss["work"],
    // Running jobs finish (or are retried elsewhere), nothing new is taken; the database closes after.
    stop: async () => {
      await boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS });
      await busy.settled();
    },
  };
}
