// The worker that sends the e-mails queued by queue-emails.ts, from the job queue. Each delivery is claimed before it
// is sent (two workers, or a retry racing a slow attempt, cannot both send it), marked sent with the SMTP server's id
// once it took the message, and on a failure left for pg-boss to try again with back-off; the last failure stays
// failed, for the team's admins to see. Every attempt carries the same Message-ID: if a crash comes between the SMTP
// server taking a message and Holdup noting it, the retry is the same message, which mail systems show once.
import { and, eq, lt, or, sql } from "drizzle-orm";
import type PgBoss from "pg-boss";
import { deliveries } from "../../db/schema.ts";
import type { AppDependencies } from "../../http/app-env.ts";
import { composeDigestEmail } from "./compose-digest.ts";
import { composeNotificationEmail } from "./compose-email.ts";
import { DELIVER_EMAIL_QUEUE } from "./queue-emails.ts";

/** An attempt still "sending" after this long died with its process: it may be claimed again. */
const STUCK_AFTER_MS = 5 * 60 * 1000;

type Deps = Pick<AppDependencies, "db" | "mailer" | "clock" | "config" | "logger" | "secret">;

/** Sends one delivery, once; throws when it should be tried again. */
export async function deliverEmail(deps: Deps, deliveryId: string, lastTry: boolean): Promise<"sent" | "skipped" | "dropped"> {
  const now = deps.clock.now();
  const [claimed] = await deps.db
    .update(deliveries)
    .set({ status: "sending", attempts: sql`${deliveries.attempts} + 1`, lastAttemptAt: now })
    .where(and(eq(deliveries.id, deliveryId), or(eq(deliveries.status, "pending"), and(eq(deliveries.status, "sending"), lt(deliveries.lastAttemptAt, new Date(now.getTime() - STUCK_AFTER_MS))))))
    .returning();
  if (!claimed) return "skipped";
  try {
    const linkDeps = { db: deps.db, secret: deps.secret, appUrl: deps.config.appUrl };
    const mail = claimed.notificationId
      ? await composeNotificationEmail(linkDeps, { id: claimed.id, notificationId: claimed.notificationId }, now)
      : claimed.kind === "digest"
        ? await composeDigestEmail(linkDeps, claimed, now)
        : null;
    if (!mail) {
      await deps.db.update(deliveries).set({ status: "dropped" }).where(eq(deliveries.id, deliveryId));
      return "dropped";
    }
    const sent = await deps.mailer.send({ ...mail, messageId: `<delivery.${claimed.id}@${new URL(deps.config.appUrl).hostname}>` });
    await deps.db.update(deliveries).set({ status: "sent", sentAt: deps.clock.now(), messageId: sent.messageId ?? null, lastError: null }).where(eq(deliveries.id, deliveryId));
    return "sent";
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    await deps.db.update(deliveries).set({ status: lastTry ? "failed" : "pending", lastError: message }).where(eq(deliveries.id, deliveryId));
    if (lastTry) deps.logger.error(`E-mail delivery ${deliveryId} failed for good`, error);
    throw error;
  }
}

/** Starts the worker; answers how to stop it. */
export async function startEmailDeliveries(deps: Deps & Pick<AppDependencies, "jobs">, options: { pollingIntervalSeconds?: number } = {}) {
  const { boss } = deps.jobs;
  await boss.createQueue(DELIVER_EMAIL_QUEUE);
  const handle = async (jobs: PgBoss.JobWithMetadata<{ deliveryId: string }>[]) => {
    // One by one: a failure fails its own job (pg-boss tries it again), not the others of the batch.
    for (const job of jobs) {
      try {
        await deliverEmail(deps, job.data.deliveryId, job.retryCount >= job.retryLimit);
      } catch (error) {
        await boss.fail(DELIVER_EMAIL_QUEUE, job.id, { message: error instanceof Error ? error.message : String(error) });
      }
    }
  };
  const worker = await boss.work(DELIVER_EMAIL_QUEUE, { batchSize: 20, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 0.5, includeMetadata: true }, handle);
  return () => boss.offWork({ id: worker });
}
