// Sending what queue-deliveries.ts queued (decision 039). A job names a delivery and the attempts made before it: the
// attempt is claimed by that count (a repeated or stale job finds another and sends nothing), sent, and written down —
// the attempt in the log, the delivery succeeded, due again after a back-off (by the app's clock: 1, 2, 4… minutes,
// at most 6 hours apart, for a day after the event), or failed. An endpoint with nothing but failures for three days
// is turned off, and its team's owners and admins are told by e-mail. Every minute a sweep queues what is due again.
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { member, profiles, webhookAttempts, webhookDeliveries, webhookEndpoints } from "../../db/schema.ts";
import type { AppDependencies } from "../../http/app-env.ts";
import type { JobQueue } from "../../jobs/job-queue.ts";
import { deliveryJob, WEBHOOK_LEASE_MS, type DeliverWebhookJob } from "./queue-deliveries.ts";
import { sendWebhook, type HostResolver, type WebhookOutcome } from "./send-webhook.ts";
import { createSecretSeal, signatureHeader } from "./signing.ts";

export const WEBHOOK_DISABLED_EMAIL_QUEUE = "webhook-disabled-email";
/** Three days of nothing but failed attempts turn an endpoint off. */
export const DISABLE_AFTER_MS = 3 * 24 * 60 * 60 * 1000;
const FIRST_RETRY_MS = 60 * 1000;
const LONGEST_WAIT_MS = 6 * 60 * 60 * 1000;
/** Deliveries made due again per statement of the sweep. */
const SWEEP_BATCH = 500;

/** The wait after the n-th failed attempt: a minute, doubling, at most six hours. */
export const retryDelayAfter = (attempts: number) => Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_WAIT_MS);

export type WebhookDeps = Pick<AppDependencies, "db" | "clock" | "config" | "logger" | "secret"> & { jobs: Pick<JobQueue, "insertWithin">; resolve: HostResolver };

export type WebhookDisabledEmail = { teamId: string; profileId: string; endpointId: string; url: string; failingSince: string; disabledAt: string };

type Claimed = { id: string; endpointId: string; teamId: string; body: string; attempts: number; retryUntil: Date; url: string; sealedSecret: string; previousSealedSecret: string | null; previousSecretUntil: Date | null };

/** Claims these attempts (each by the count its job names); answers those this worker is to make. */
async function claim(db: Database, requests: DeliverWebhookJob[], now: Date): Promise<Claimed[]> {
  if (requests.length === 0) return [];
  const pairs = sql.join(
    requests.map((request) => sql`(${request.deliveryId}::text, ${request.attempt}::int)`),
    sql`, `,
  );
  return db
    .update(webhookDeliveries)
    .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + WEBHOOK_LEASE_MS) })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, webhookDeliveries.endpointId), eq(webhookEndpoints.enabled, true), eq(webhookDeliveries.status, "pending"), sql`(${webhookDeliveries.id}, ${webhookDeliveries.attempts}) in (${pairs})`))
    .returning({
      id: webhookDeliveries.id,
      endpointId: webhookDeliveries.endpointId,
      teamId: webhookDeliveries.teamId,
      body: webhookDeliveries.body,
      attempts: webhookDeliveries.attempts,
      retryUntil: webhookDeliveries.retryUntil,
      url: webhookEndpoints.url,
      sealedSecret: webhookEndpoints.sealedSecret,
      previousSealedSecret: webhookEndpoints.previousSealedSecret,
      previousSecretUntil: webhookEndpoints.previousSecretUntil,
    });
}

type Result = { delivery: Claimed; outcome: WebhookOutcome; manual: boolean };

/** Sends these deliveries side by side, each once; answers how many were sent. */
export async function deliverWebhooks(deps: WebhookDeps, requests: DeliverWebhookJob[]): Promise<number> {
  const now = deps.clock.now();
  const claimed = await claim(deps.db, requests, now);
  if (claimed.length === 0) return 0;
  const seal = createSecretSeal(deps.secret);
  const timestamp = Math.floor(now.getTime() / 1000);
  const manual = new Set(requests.filter((request) => request.manual).map((request) => request.deliveryId));
  const results: Result[] = await Promise.all(
    claimed.map(async (delivery) => {
      const secrets = [delivery.sealedSecret, ...(delivery.previousSealedSecret && delivery.previousSecretUntil && delivery.previousSecretUntil > now ? [delivery.previousSealedSecret] : [])].map((sealed) => seal.open(sealed));
      const headers = {
        "content-type": "application/json",
        "user-agent": "Holdup-Webhooks/1.0",
        "webhook-id": delivery.id,
        "webhook-timestamp": String(timestamp),
        "webhook-signature": signatureHeader(secrets, delivery.id, timestamp, delivery.body),
      };
      const outcome = await sendWebhook({ url: delivery.url, headers, body: delivery.body }, { resolve: deps.resolve, allowPrivate: deps.config.webhooksAllowPrivate });
      return { delivery, outcome, manual: manual.has(delivery.id) };
    }),
  );
  await recordResults(deps, results, now);
  return claimed.length;
}

/** Writes the attempts down: the log, each delivery's state, each endpoint's health; turns off what failed for 3 days. */
async function recordResults(deps: WebhookDeps, results: Result[], now: Date) {
  const pairsOf = (rows: Result[]) =>
    sql.join(
      rows.map(({ delivery }) => sql`(${delivery.id}::text, ${delivery.attempts}::int)`),
      sql`, `,
    );
  // A result counts only while the delivery is still at the attempt it claimed (a redelivery may have started since).
  const stillAt = (rows: Result[]) => sql`(${webhookDeliveries.id}, ${webhookDeliveries.attempts}) in (${pairsOf(rows)})`;

  await deps.db.transaction(async (tx) => {
    // The endpoints still there, kept from being deleted until this is written (one deleted meanwhile took its
    // deliveries with it: their results have nowhere to go).
    const present = new Set(
      (
        await tx
          .select({ id: webhookEndpoints.id })
          .from(webhookEndpoints)
          .where(inArray(webhookEndpoints.id, [...new Set(results.map((result) => result.delivery.endpointId))]))
          .for("key share")
      ).map((row) => row.id),
    );
    const kept = results.filter((result) => present.has(result.delivery.endpointId));
    if (kept.length === 0) return;
    const succeeded = kept.filter((result) => result.outcome.ok);
    const failed = kept.filter((result) => !result.outcome.ok);
    const retries = new Map<number, Result[]>();
    const givenUp: Result[] = [];
    for (const result of failed) {
      const next = now.getTime() + retryDelayAfter(result.delivery.attempts);
      if (next <= result.delivery.retryUntil.getTime()) retries.set(next, [...(retries.get(next) ?? []), result]);
      else givenUp.push(result);
    }
    const healthy = new Set(succeeded.map((result) => result.delivery.endpointId));
    const failing = [...new Set(failed.map((result) => result.delivery.endpointId))].filter((id) => !healthy.has(id));

    await tx.insert(webhookAttempts).values(
      kept.map(({ delivery, outcome, manual }) => ({
        deliveryId: delivery.id,
        endpointId: delivery.endpointId,
        attempt: delivery.attempts,
        at: now,
        ok: outcome.ok,
        statusCode: outcome.statusCode,
        durationMs: outcome.durationMs,
        responseExcerpt: outcome.responseExcerpt,
        error: outcome.error,
        manual,
      })),
    );
    if (succeeded.length > 0) await tx.update(webhookDeliveries).set({ status: "succeeded", nextAttemptAt: null }).where(stillAt(succeeded));
    if (givenUp.length > 0) await tx.update(webhookDeliveries).set({ status: "failed", nextAttemptAt: null }).where(stillAt(givenUp));
    for (const [next, rows] of retries) await tx.update(webhookDeliveries).set({ nextAttemptAt: new Date(next) }).where(stillAt(rows));
    if (healthy.size > 0) await tx.update(webhookEndpoints).set({ lastAttemptAt: now, lastSuccessAt: now, failingSince: null }).where(inArray(webhookEndpoints.id, [...healthy]));
    if (failing.length === 0) return;
    await tx
      .update(webhookEndpoints)
      .set({ lastAttemptAt: now, failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now})` })
      .where(inArray(webhookEndpoints.id, failing));
    const turnedOff = await tx
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: "failing", disabledAt: now })
      .where(and(inArray(webhookEndpoints.id, failing), eq(webhookEndpoints.enabled, true), lte(webhookEndpoints.failingSince, new Date(now.getTime() - DISABLE_AFTER_MS))))
      .returning({ id: webhookEndpoints.id, teamId: webhookEndpoints.teamId, url: webhookEndpoints.url, failingSince: webhookEndpoints.failingSince });
    if (turnedOff.length > 0) await endpointsTurnedOff(tx, deps.jobs, turnedOff, now);
  });
}

/** What an endpoint turned off had waiting is dropped, and the team's owners and admins are told, with the change. */
async function endpointsTurnedOff(tx: Pick<Database, "select" | "update" | "execute">, jobs: WebhookDeps["jobs"], endpoints: { id: string; teamId: string; url: string; failingSince: Date | null }[], now: Date) {
  await tx
    .update(webhookDeliveries)
    .set({ status: "failed", nextAttemptAt: null })
    .where(and(inArray(webhookDeliveries.endpointId, endpoints.map((endpoint) => endpoint.id)), eq(webhookDeliveries.status, "pending")));
  const admins = await tx
    .select({ profileId: profiles.id, teamId: member.organizationId })
    .from(member)
    .innerJoin(profiles, eq(profiles.authId, member.userId))
    .where(and(inArray(member.organizationId, [...new Set(endpoints.map((endpoint) => endpoint.teamId))]), inArray(member.role, ["owner", "admin"])));
  await jobs.insertWithin(
    tx,
    endpoints.flatMap((endpoint) =>
      admins
        .filter((admin) => admin.teamId === endpoint.teamId)
        .map((admin) => ({
          name: WEBHOOK_DISABLED_EMAIL_QUEUE,
          data: { teamId: endpoint.teamId, profileId: admin.profileId, endpointId: endpoint.id, url: endpoint.url, failingSince: (endpoint.failingSince ?? now).toISOString(), disabledAt: now.toISOString() } satisfies WebhookDisabledEmail,
          retryLimit: 5,
          retryDelay: 120,
          retryBackoff: true,
        })),
    ),
  );
}

/** Queues an attempt of every delivery due by `now` (a retry, or a first attempt whose job was lost); answers how many. */
export async function queueDueWebhookRetries(deps: Pick<WebhookDeps, "db" | "jobs">, now: Date): Promise<number> {
  let queued = 0;
  for (;;) {
    const due = await deps.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: webhookDeliveries.id, attempts: webhookDeliveries.attempts })
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.status, "pending"), lte(webhookDeliveries.nextAttemptAt, now)))
        .orderBy(webhookDeliveries.nextAttemptAt)
        .limit(SWEEP_BATCH)
        .for("update", { skipLocked: true });
      if (rows.length === 0) return 0;
      // Not due again while this attempt is under way; if it is lost, the sweep after the lease makes another.
      await tx
        .update(webhookDeliveries)
        .set({ nextAttemptAt: new Date(now.getTime() + WEBHOOK_LEASE_MS) })
        .where(inArray(webhookDeliveries.id, rows.map((row) => row.id)));
      await deps.jobs.insertWithin(tx, rows.map((row) => deliveryJob({ deliveryId: row.id, attempt: row.attempts })));
      return rows.length;
    });
    queued += due;
    if (due < SWEEP_BATCH) return queued;
  }
}
