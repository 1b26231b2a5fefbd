// Outgoing webhooks under load (issue #14): 10,000 events in a team with three webhooks, each event recorded as a real
// change records it (recordChanges, in transactions of 100 as the reminder engine's batches), its three deliveries
// built and queued in that transaction, then sent by the job queue's workers to three local receivers in a process of
// their own (webhook-sink.ts). Measured: deliveries per second from the first event to the last delivery received,
// how long recording and queuing the events took, and that every delivery succeeded once.
import { fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { count, eq, sql } from "drizzle-orm";
import { webhookEventTypes } from "../common/webhooks.ts";
import { loadConfig } from "../server/config.ts";
import { blockers, webhookAttempts, webhookDeliveries, webhookEndpoints } from "../server/db/schema.ts";
import { recordChanges, type Change } from "../server/features/blockers/record-change.ts";
import { createSecretSeal, newWebhookSecret } from "../server/features/webhooks/signing.ts";
import { startServer } from "../server/start-server.ts";
import { copyPgliteTemplate } from "../server/test/database-templates.ts";
import { freePort } from "./measure.ts";
import { seedBlockers, seedMembers } from "./seed-team.ts";

export const WEBHOOK_ENDPOINTS = 3;
const EVENTS_PER_TRANSACTION = 100;
const BLOCKERS = 500;

/** The receivers (webhook-sink.ts), in their own process. */
async function startWebhookSink() {
  const child = fork(fileURLToPath(new URL("./webhook-sink.ts", import.meta.url)), [String(WEBHOOK_ENDPOINTS)], { execArgv: ["--import", "tsx"], stdio: ["ignore", "ignore", "inherit", "ipc"] });
  const ports = await new Promise<number[]>((resolve, reject) => {
    child.once("message", (message) => resolve((message as { ports: number[] }).ports));
    child.once("exit", (code) => reject(new Error(`the receivers exited with ${code}`)));
  });
  const received = () =>
    new Promise<number[]>((resolve) => {
      child.once("message", (message) => resolve((message as { received: number[] }).received));
      child.send("count");
    });
  const close = () => new Promise<void>((resolve) => (child.once("exit", () => resolve()), child.send("stop")));
  return { ports, received, close };
}

export type WebhookFanOutResult = { database: "PGlite" | "PostgreSQL"; events: number; deliveries: number; seconds: number; queueSeconds: number; perSecond: number; attemptsPerDelivery: number; perEndpoint: number[] };

export async function benchWebhookFanOut(options: { events: number; databaseUrl?: string }): Promise<WebhookFanOutResult> {
  const sink = await startWebhookSink();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "holdup-bench-webhooks-"));
  if (!options.databaseUrl) await copyPgliteTemplate(dataDir);
  const config = loadConfig({ PORT: String(await freePort()), DATA_DIR: dataDir, DATABASE_URL: options.databaseUrl ?? "", LOG_LEVEL: "error", TRUST_PROXY: "loopback", WEBHOOKS_ALLOW_PRIVATE: "true" });
  const server = await startServer(config, { scheduleReminders: false });
  try {
    const { deps } = server;
    const team = await seedMembers(server, 10, { signedUp: 1 });
    await seedBlockers(server, team, { blockers: BLOCKERS, perBlocker: 1, open: BLOCKERS });
    const seal = createSecretSeal(deps.secret);
    await deps.db.insert(webhookEndpoints).values(
      sink.ports.map((port) => ({ teamId: team.teamId, url: `http://127.0.0.1:${port}/holdup`, events: [...webhookEventTypes], sealedSecret: seal.seal(newWebhookSecret()), createdAt: new Date() })),
    );
    const blockerIds = (await deps.db.select({ id: blockers.id }).from(blockers).where(eq(blockers.organizationId, team.teamId))).map((row) => row.id);
    const actorId = team.members[0]?.profileId ?? null;
    const deliveries = options.events * WEBHOOK_ENDPOINTS;

    const started = performance.now();
    for (let from = 0; from < options.events; from += EVENTS_PER_TRANSACTION) {
      const changes: Change[] = Array.from({ length: Math.min(EVENTS_PER_TRANSACTION, options.events - from) }, (_, index) => ({
        blockerId: blockerIds[(from + index) % blockerIds.length] ?? "",
        actorId,
        type: "commented",
        payload: { body: `Comment ${from + index}` },
        audience: [],
        at: new Date(),
      }));
      await deps.db.transaction((tx) => recordChanges(tx, deps, changes));
    }
    const queued = performance.now();
    for (let arrived = 0; arrived < deliveries; arrived = (await sink.received()).reduce((sum, one) => sum + one, 0)) {
      if (performance.now() - started > 900_000) throw new Error(`only ${arrived} of ${deliveries} deliveries arrived in 15 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 20)); // polling interval of the measurement
    }
    const seconds = (performance.now() - started) / 1000;
    const perEndpoint = await sink.received();
    // Every delivery written down as succeeded (the last write may trail the receiver's count by a batch).
    for (let succeeded = 0; succeeded < deliveries; ) {
      const [row] = await deps.db.select({ total: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.status, "succeeded"));
      succeeded = row?.total ?? 0;
      if (succeeded < deliveries) await new Promise((resolve) => setTimeout(resolve, 20)); // polling interval of the measurement
    }
    const [attempts] = await deps.db.select({ total: count(), failed: sql<number>`count(*) filter (where not ${webhookAttempts.ok})`.mapWith(Number) }).from(webhookAttempts);
    if ((attempts?.failed ?? 0) > 0) throw new Error(`${attempts?.failed} delivery attempts failed`);
    return {
      database: options.databaseUrl ? "PostgreSQL" : "PGlite",
      events: options.events,
      deliveries,
      seconds,
      queueSeconds: (queued - started) / 1000,
      perSecond: deliveries / seconds,
      attemptsPerDelivery: (attempts?.total ?? 0) / deliveries,
      perEndpoint,
    };
  } finally {
    await server.stop();
    await sink.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
