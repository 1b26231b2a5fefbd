// Stopping the job queue: nothing it started may reach the database after `stop()` resolved (the database closes
// next). pg-boss alone lets a fetch under way at stop hand its jobs over afterwards, and completes them unawaited.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../db/client.ts";
import { createLogger } from "../logger.ts";
import { startJobQueue } from "./job-queue.ts";

const QUEUE = "stop-test";
let dataDir: string;
let database: DatabaseHandle;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "holdup-jobs-"));
  database = await openDatabase({ dataDir });
});
afterAll(async () => {
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it("waits for a job fetched while it stops: the job is handled and completed before stop() resolves", async () => {
  let fetchWasHeld = () => {};
  const fetchHeld = new Promise<void>((resolve) => (fetchWasHeld = resolve));
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let holdNextFetch = false;
  let stopResolved = false;
  const queriesAfterStop: string[] = [];
  // The real database, with the worker's next fetch held until pg-boss says it has stopped.
  const watched: Pick<DatabaseHandle, "query"> = {
    query: async (text, values) => {
      if (stopResolved) queriesAfterStop.push(text);
      if (holdNextFetch && text.includes("SKIP LOCKED")) {
        holdNextFetch = false;
        fetchWasHeld();
        await released;
      }
      return database.query(text, values);
    },
  };
  const jobs = await startJobQueue(watched, createLogger("silent"));
  await jobs.boss.createQueue(QUEUE);
  const jobId = await jobs.boss.send(QUEUE, { note: "fetched as the queue stops" });
  const handled: string[] = [];
  holdNextFetch = true;
  await jobs.work(QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
    if (job) handled.push(job.id);
  });
  await fetchHeld;
  jobs.boss.once("stopped", release);

  await jobs.stop();
  stopResolved = true;

  expect(handled).toEqual([jobId]);
  const { rows } = await database.query("select state from pgboss.job where id = $1", [jobId]);
  expect(rows).toEqual([{ state: "completed" }]);
  expect(queriesAfterStop).toEqual([]);
});
