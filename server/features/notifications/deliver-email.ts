// The worker that sends the e-mails queued by queue-deliveries.ts, from the job queue. Each delivery is claimed before it
// is sent (two workers, or a retry racing a slow attempt, cannot both send it), marked sent with the SMTP server's id
// once it took the message, and on a failure left for pg-boss to try again with back-off; the last failure stays
// failed, for the team's admins to see. Every attempt carries the same Message-ID: if a crash comes between the SMTP
// server taking a message and Holdup noting it, the retry is the same message, which mail systems show once.
import { inArray } from "drizzle-orm";
import type PgBoss from "pg-boss";
import { deliveries } from "../../db/schema.ts";
import type { AppDependencies } from "../../http/app-env.ts";
import type { Mail } from "../../mail/mailer.ts";
import { claimBatchmates, claimDeliveries, inBatches, noteFailedDeliveries, SendingElsewhere, type DeliveryAttempt } from "./claim-deliveries.ts";
import { composeWeeklyReport, WEEKLY_REPORT_KIND } from "../insights/weekly-report.ts";
import { composeDigestEmail } from "./compose-digest.ts";
import { composeNotificationEmails } from "./compose-email.ts";
import { deliveriesToPeopleWhoLeft } from "./left-the-team.ts";
import { DELIVER_EMAIL_QUEUE } from "./queue-deliveries.ts";

/** E-mails taken from the queue at once and sent side by side (the mailer keeps up to ten connections). */
const BATCH_SIZE = 50;


type Deps = Pick<AppDependencies, "db" | "mailer" | "clock" | "config" | "logger" | "secret">;

type Delivery = typeof deliveries.$inferSelect;

/**
 * Sends one message — a delivery, or a batch of a person's changes under its first delivery's id — and notes the
 * outcome on every delivery it carries; throws when it should be tried again.
 */
async function send(deps: Deps, batch: Delivery[], mail: Mail | null | undefined, lastTry: (id: string) => boolean): Promise<"sent" | "dropped"> {
  const [first] = batch;
  if (!first) return "dropped";
  const ids = batch.map((delivery) => delivery.id);
  try {
    if (!mail) {
      await deps.db.update(deliveries).set({ status: "dropped" }).where(inArray(deliveries.id, ids));
      return "dropped";
    }
    const sent = await deps.mailer.send({ ...mail, date: deps.clock.now(), messageId: `<delivery.${first.id}@${new URL(deps.config.appUrl).hostname}>`, headers: { ...mail.headers, "X-Holdup-Idempotency-Key": first.idempotencyKey } });
    await deps.db.update(deliveries).set({ status: "sent", sentAt: deps.clock.now(), messageId: sent.messageId ?? null, lastError: null }).where(inArray(deliveries.id, ids));
    return "sent";
  } catch (error) {
    await noteFailedDeliveries(deps.db, ids, lastTry, error);
    if (ids.some(lastTry)) deps.logger.error(`E-mail delivery ${first.id} failed for good`, error);
    throw error;
  }
}

/**
 * What each message says, under its first delivery's id: notifications' e-mails composed together (a person's batched
 * changes as one), digests and weekly reports one by one; nothing (null: dropped) for a person no longer in the
 * delivery's team.
 */
async function compose(deps: Deps, batches: Delivery[][], now: Date): Promise<Map<string, Mail | null>> {
  const linkDeps = { db: deps.db, secret: deps.secret, appUrl: deps.config.appUrl };
  const left = await deliveriesToPeopleWhoLeft(deps.db, batches.flat().map((delivery) => delivery.id));
  const staying = batches.map((batch) => batch.filter((delivery) => !left.has(delivery.id)));
  const ofNotifications = staying.map((batch) => batch.flatMap((delivery) => (delivery.notificationId ? [{ id: delivery.id, notificationId: delivery.notificationId }] : []))).filter((batch) => batch.length > 0);
  const mails = await composeNotificationEmails(linkDeps, ofNotifications, now);
  for (const [index, batch] of batches.entries()) {
    const [first] = batch;
    if (!first) continue;
    if (staying[index]?.length === 0) {
      mails.set(first.id, null);
      continue;
    }
    if (first.kind === "digest") mails.set(first.id, await composeDigestEmail(linkDeps, first, now));
    if (first.kind === WEEKLY_REPORT_KIND) mails.set(first.id, await composeWeeklyReport(linkDeps, first, now));
  }
  return mails;
}

/**
 * Sends these deliveries, each once, side by side — with the recipient's other changes waiting to go with them
 * (claimBatchmates). Answers, per delivery asked for, nothing when it is done with (sent, dropped, or already sent)
 * and the error when it should be tried again (it failed, or another worker is sending it now).
 */
export async function deliverEmails(deps: Deps, attempts: DeliveryAttempt[]): Promise<Map<string, Error>> {
  const now = deps.clock.now();
  const { claimed, busyElsewhere } = await claimDeliveries(deps.db, attempts.map((attempt) => attempt.deliveryId), now);
  const failures = new Map<string, Error>([...busyElsewhere].map((id) => [id, new SendingElsewhere("This e-mail is being sent by another worker")]));
  const batches = inBatches([...claimed, ...(await claimBatchmates(deps.db, "email", claimed, now))]);
  const asked = new Set(attempts.map((attempt) => attempt.deliveryId));
  const fail = (batch: Delivery[], error: unknown) => {
    for (const delivery of batch) if (asked.has(delivery.id)) failures.set(delivery.id, error instanceof Error ? error : new Error(String(error)));
  };
  // A delivery's last try is its own job's: a batchmate claimed with another's job still has its own.
  const lastTry = (id: string) => attempts.some((attempt) => attempt.deliveryId === id && attempt.lastTry);
  let mails: Map<string, Mail | null>;
  try {
    mails = await compose(deps, batches, now);
  } catch (error) {
    // Nothing was sent: every claimed delivery waits for its job's next try.
    await deps.db.update(deliveries).set({ status: "pending", lastError: String(error).slice(0, 500) }).where(inArray(deliveries.id, batches.flat().map((delivery) => delivery.id)));
    for (const batch of batches) fail(batch, error);
    return failures;
  }
  // Asked again as they go: composing a batch takes a moment, and a removal may have come in it.
  const leftSince = await deliveriesToPeopleWhoLeft(deps.db, batches.flatMap((batch) => (batch[0] && mails.get(batch[0].id) ? [batch[0].id] : [])));
  for (const id of leftSince) mails.set(id, null);
  await Promise.all(
    batches.map(async (batch) => {
      await send(deps, batch, batch[0] ? mails.get(batch[0].id) : null, lastTry).catch((error: unknown) => fail(batch, error));
    }),
  );
  return failures;
}

/** Starts the worker; answers how to stop it. */
export async function startEmailDeliveries(deps: Deps & Pick<AppDependencies, "jobs">, options: { pollingIntervalSeconds?: number } = {}) {
  const { boss } = deps.jobs;
  await boss.createQueue(DELIVER_EMAIL_QUEUE);
  let worker = "";
  const handle = async (jobs: PgBoss.JobWithMetadata<{ deliveryId: string }>[]) => {
    // Side by side (the mailer keeps a few connections open), each on its own: a failure fails its own job (pg-boss
    // tries it again), not the others of the batch.
    const failures = await deliverEmails(deps, jobs.map((job) => ({ deliveryId: job.data.deliveryId, lastTry: job.retryCount >= job.retryLimit })));
    for (const job of jobs) {
      const failure = failures.get(job.data.deliveryId);
      if (failure) await boss.fail(DELIVER_EMAIL_QUEUE, job.id, { message: failure.message });
    }
    // A full batch means more are waiting (a burst of reminders): fetch again now rather than after the poll interval.
    if (jobs.length === BATCH_SIZE) boss.notifyWorker(worker);
  };
  worker = await deps.jobs.work(DELIVER_EMAIL_QUEUE, { batchSize: BATCH_SIZE, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 0.5, includeMetadata: true }, handle);
  return () => boss.offWork({ id: worker });
}
