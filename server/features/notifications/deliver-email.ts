// The worker that sends the e-mails queued by queue-deliveries.ts, from the job queue. Each delivery is claimed before it
// is sent (two workers, or a retry racing a slow attempt, cannot both send it), marked sent with the SMTP server's id
// once it took the message, and on a failure left for pg-boss to try again with back-off; the last failure stays
// failed, for the team's admins to see. Every attempt carries the same Message-ID: if a crash comes between the SMTP
// server taking a message and Holdup noting it, the retry is the same message, which mail systems show once.
import { eq, inArray } from "drizzle-orm";
import type PgBoss from "pg-boss";
import { deliveries } from "../../db/schema.ts";
import type { AppDependencies } from "../../http/app-env.ts";
import type { Mail } from "../../mail/mailer.ts";
import { claimDeliveries, SendingElsewhere, type DeliveryAttempt } from "./claim-deliveries.ts";
import { composeWeeklyReport, WEEKLY_REPORT_KIND } from "../insights/weekly-report.ts";
import { composeDigestEmail } from "./compose-digest.ts";
import { composeNotificationEmails } from "./compose-email.ts";
import { deliveriesToPeopleWhoLeft } from "./left-the-team.ts";
import { DELIVER_EMAIL_QUEUE } from "./queue-deliveries.ts";

/** E-mails taken from the queue at once and sent side by side (the mailer keeps up to ten connections). */
const BATCH_SIZE = 50;


type Deps = Pick<AppDependencies, "db" | "mailer" | "clock" | "config" | "logger" | "secret">;

type Delivery = typeof deliveries.$inferSelect;

/** Sends one claimed delivery, composed already, and notes the outcome; throws when it should be tried again. */
async function send(deps: Deps, delivery: Delivery, mail: Mail | null | undefined, lastTry: boolean): Promise<"sent" | "dropped"> {
  try {
    if (!mail) {
      await deps.db.update(deliveries).set({ status: "dropped" }).where(eq(deliveries.id, delivery.id));
      return "dropped";
    }
    const sent = await deps.mailer.send({ ...mail, date: deps.clock.now(), messageId: `<delivery.${delivery.id}@${new URL(deps.config.appUrl).hostname}>`, headers: { ...mail.headers, "X-Holdup-Idempotency-Key": delivery.idempotencyKey } });
    await deps.db.update(deliveries).set({ status: "sent", sentAt: deps.clock.now(), messageId: sent.messageId ?? null, lastError: null }).where(eq(deliveries.id, delivery.id));
    return "sent";
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    await deps.db.update(deliveries).set({ status: lastTry ? "failed" : "pending", lastError: message }).where(eq(deliveries.id, delivery.id));
    if (lastTry) deps.logger.error(`E-mail delivery ${delivery.id} failed for good`, error);
    throw error;
  }
}

/**
 * What each claimed delivery says: notifications' e-mails composed together, digests and weekly reports one by one;
 * nothing (null: dropped) for a person no longer in the delivery's team.
 */
async function compose(deps: Deps, claimed: Delivery[], now: Date): Promise<Map<string, Mail | null>> {
  const linkDeps = { db: deps.db, secret: deps.secret, appUrl: deps.config.appUrl };
  const left = await deliveriesToPeopleWhoLeft(deps.db, claimed.map((delivery) => delivery.id));
  const composable = claimed.filter((delivery) => !left.has(delivery.id));
  const ofNotifications = composable.flatMap((delivery) => (delivery.notificationId ? [{ id: delivery.id, notificationId: delivery.notificationId }] : []));
  const mails = await composeNotificationEmails(linkDeps, ofNotifications, now);
  for (const id of left) mails.set(id, null);
  for (const delivery of composable) {
    if (delivery.kind === "digest") mails.set(delivery.id, await composeDigestEmail(linkDeps, delivery, now));
    if (delivery.kind === WEEKLY_REPORT_KIND) mails.set(delivery.id, await composeWeeklyReport(linkDeps, delivery, now));
  }
  return mails;
}

/**
 * Sends these deliveries, each once, side by side. Answers, per delivery, nothing when it is done with (sent, dropped,
 * or already sent) and the error when it should be tried again (it failed, or another worker is sending it now).
 */
export async function deliverEmails(deps: Deps, attempts: DeliveryAttempt[]): Promise<Map<string, Error>> {
  const now = deps.clock.now();
  const { claimed, busyElsewhere } = await claimDeliveries(deps.db, attempts.map((attempt) => attempt.deliveryId), now);
  const failures = new Map<string, Error>([...busyElsewhere].map((id) => [id, new SendingElsewhere("This e-mail is being sent by another worker")]));
  const lastTryOf = (id: string) => attempts.find((attempt) => attempt.deliveryId === id)?.lastTry ?? false;
  let mails: Map<string, Mail | null>;
  try {
    mails = await compose(deps, claimed, now);
  } catch (error) {
    // Nothing was sent: every claimed delivery waits for its job's next try.
    await deps.db.update(deliveries).set({ status: "pending", lastError: String(error).slice(0, 500) }).where(inArray(deliveries.id, claimed.map((delivery) => delivery.id)));
    for (const delivery of claimed) failures.set(delivery.id, error instanceof Error ? error : new Error(String(error)));
    return failures;
  }
  // Asked again as they go: composing a batch takes a moment, and a removal may have come in it.
  for (const id of await deliveriesToPeopleWhoLeft(deps.db, claimed.filter((delivery) => mails.get(delivery.id)).map((delivery) => delivery.id))) mails.set(id, null);
  await Promise.all(
    claimed.map(async (delivery) => {
      await send(deps, delivery, mails.get(delivery.id), lastTryOf(delivery.id)).catch((error: unknown) => failures.set(delivery.id, error instanceof Error ? error : new Error(String(error))));
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
