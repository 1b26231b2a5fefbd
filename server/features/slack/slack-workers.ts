// The job queue's Slack workers: DMs of notifications (queued with the change that made them, as e-mails are:
// notifications/queue-deliveries.ts) and the updates of kept messages after a blocker changed. A DM's delivery is
// claimed before it is sent and marked sent with where it went, as an e-mail's is. Slack's `ratelimited` is waited
// out by the client; other failures are tried again by pg-boss with back-off, the last one left failed and shown on
// the integrations page. Without Slack configured (its variables removed since), DMs are dropped.
import { eq, inArray } from "drizzle-orm";
import type PgBoss from "pg-boss";
import { blockers, deliveries, notifications, profiles } from "../../db/schema.ts";
import type { AppDependencies } from "../../http/app-env.ts";
import { notificationWords } from "../../mail/notification-words.ts";
import { claimBatchmates, claimDeliveries, noteFailedDeliveries, SendingElsewhere, type DeliveryAttempt } from "../notifications/claim-deliveries.ts";
import { deliveriesToPeopleWhoLeft } from "../notifications/left-the-team.ts";
import { DELIVER_SLACK_QUEUE } from "../notifications/queue-deliveries.ts";
import { sendBlockerDm, UPDATE_SLACK_MESSAGES_QUEUE, updateBlockerMessages } from "./blocker-messages.ts";
import { republishHomes } from "./home-tab.ts";
import type { SlackDeps } from "./slack-workspaces.ts";
import { createTokenSeal } from "./token-seal.ts";

type Deps = Pick<AppDependencies, "db" | "config" | "logger" | "clock" | "secret" | "jobs" | "answers">;

const nameOf = (person: { fullName: string | null; email: string } | undefined) => person?.fullName?.trim() || person?.email || "Someone";

/**
 * Sends one claimed delivery's DM — for it and the earlier changes to the same blocker it stands for (`ids`, its own
 * first) — and notes the outcome on each; throws for pg-boss to try again.
 */
async function deliverOne(deps: SlackDeps | undefined, db: Deps["db"], delivery: typeof deliveries.$inferSelect, ids: string[], lastTry: (id: string) => boolean, now: Date) {
  const drop = async () => void (await db.update(deliveries).set({ status: "dropped" }).where(inArray(deliveries.id, ids)));
  const [found] = delivery.notificationId
    ? await db
        .select({ notification: notifications, teamId: blockers.organizationId, title: blockers.title, creator: blockers.createdBy })
        .from(notifications)
        .innerJoin(blockers, eq(blockers.id, notifications.blockerId))
        .where(eq(notifications.id, delivery.notificationId))
    : [];
  const blockerId = found?.notification.blockerId;
  if (!deps || !found || !blockerId || (await deliveriesToPeopleWhoLeft(db, [delivery.id])).has(delivery.id)) return drop();
  const { notification } = found;
  const [actor] = await db
    .select({ fullName: profiles.fullName, email: profiles.email })
    .from(profiles)
    .where(eq(profiles.id, notification.actorId ?? found.creator));
  const words = notificationWords({ type: notification.type, automatic: notification.payload.automatic === true, actorName: nameOf(actor), title: found.title, payload: notification.payload });
  try {
    // Asked again just before it goes: the person may have left while it was composed.
    if ((await deliveriesToPeopleWhoLeft(db, [delivery.id])).has(delivery.id)) return drop();
    const sent = await sendBlockerDm(deps, found.teamId, { profileId: delivery.profileId, heading: words.heading, kind: notification.type }, blockerId, now);
    if (!sent) return drop();
    await db.update(deliveries).set({ status: "sent", sentAt: now, messageId: `${sent.channel}/${sent.ts}`, lastError: null }).where(inArray(deliveries.id, ids));
  } catch (error) {
    await noteFailedDeliveries(db, ids, lastTry, error);
    throw error;
  }
}

/** Changes made at the same moment (one transaction: a part done that resolved the blocker) in the order they happen. */
const LIFE_ORDER = ["blocker_assigned", "commented", "nudged", "declined", "done", "escalated", "resolved"];

/**
 * Claimed DM deliveries, one per person and blocker: the latest change's (its DM shows the blocker as it stands now),
 * with the earlier ones it stands for. Deliveries not batched, or not about a blocker, stand alone.
 */
async function onePerBlocker(db: Deps["db"], claimed: (typeof deliveries.$inferSelect)[]) {
  const ids = claimed.flatMap((delivery) => delivery.notificationId ?? []);
  const about = ids.length === 0 ? [] : await db.select({ id: notifications.id, blockerId: notifications.blockerId }).from(notifications).where(inArray(notifications.id, ids));
  const blockerOf = new Map(about.map((row) => [row.id, row.blockerId]));
  const groups = new Map<string, (typeof deliveries.$inferSelect)[]>();
  const byTime = (a: (typeof deliveries.$inferSelect), b: (typeof deliveries.$inferSelect)) => a.createdAt.getTime() - b.createdAt.getTime() || LIFE_ORDER.indexOf(a.kind) - LIFE_ORDER.indexOf(b.kind) || a.id.localeCompare(b.id);
  for (const delivery of [...claimed].sort(byTime)) {
    // Only what waited for company goes together (EMAIL_BATCH_SECONDS=0: each change on its own).
    const blockerId = delivery.batched && delivery.notificationId ? blockerOf.get(delivery.notificationId) : undefined;
    const key = blockerId ? `${delivery.profileId} ${blockerId}` : delivery.id;
    groups.set(key, [...(groups.get(key) ?? []), delivery]);
  }
  return [...groups.values()].flatMap((group) => {
    const latest = group.at(-1);
    return latest ? [{ latest, earlier: group.slice(0, -1) }] : [];
  });
}

/**
 * Sends these DM deliveries, each once — with the person's other changes waiting (decision 052): one DM per blocker,
 * the latest change's, as it stands now. Answers, per delivery, the error when it should be tried again.
 */
export async function deliverDms(deps: Deps, attempts: DeliveryAttempt[]): Promise<Map<string, Error>> {
  const slackDeps = slackDepsOf(deps);
  const now = deps.clock.now();
  const { claimed, busyElsewhere } = await claimDeliveries(deps.db, attempts.map((attempt) => attempt.deliveryId), now);
  const failures = new Map<string, Error>([...busyElsewhere].map((id) => [id, new SendingElsewhere("This Slack message is being sent by another worker")]));
  const mates = await claimBatchmates(deps.db, "slack", claimed, now);
  // A delivery's last try is its own job's: a batchmate claimed with another's job still has its own.
  const lastTry = (id: string) => attempts.some((attempt) => attempt.deliveryId === id && attempt.lastTry);
  for (const { latest, earlier } of await onePerBlocker(deps.db, [...claimed, ...mates])) {
    const carried = [latest, ...earlier];
    await deliverOne(slackDeps, deps.db, latest, carried.map((delivery) => delivery.id), lastTry, now).catch((error: unknown) => {
      for (const delivery of carried) failures.set(delivery.id, error instanceof Error ? error : new Error(String(error)));
    });
  }
  return failures;
}

const slackDepsOf = (deps: Deps): SlackDeps | undefined => (deps.config.slack ? { db: deps.db, slack: deps.config.slack, seal: createTokenSeal(deps.secret), logger: deps.logger, appUrl: deps.config.appUrl } : undefined);

export async function startSlackWorkers(deps: Deps, options: { pollingIntervalSeconds?: number } = {}) {
  const { boss } = deps.jobs;
  const slackDeps = slackDepsOf(deps);
  // The queues exist whether or not Slack is configured: a change queues its jobs in its own transaction.
  await boss.createQueue(DELIVER_SLACK_QUEUE);
  await boss.createQueue(UPDATE_SLACK_MESSAGES_QUEUE);
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 0.5;

  const deliver = async (jobs: PgBoss.JobWithMetadata<{ deliveryId: string }>[]) => {
    const failures = await deliverDms(deps, jobs.map((job) => ({ deliveryId: job.data.deliveryId, lastTry: job.retryCount >= job.retryLimit })));
    for (const job of jobs) {
      const failure = failures.get(job.data.deliveryId);
      if (failure) await boss.fail(DELIVER_SLACK_QUEUE, job.id, { message: failure.message });
    }
  };
  const update = async (jobs: PgBoss.Job<{ blockerId: string }>[]) => {
    if (!slackDeps) return;
    const blockerIds = [...new Set(jobs.map((job) => job.data.blockerId))];
    await updateBlockerMessages(slackDeps, blockerIds, deps.clock.now());
    await republishHomes({ ...slackDeps, answers: deps.answers }, blockerIds, deps.clock.now());
  };
  const workers = [
    await deps.jobs.work(DELIVER_SLACK_QUEUE, { batchSize: 20, pollingIntervalSeconds, includeMetadata: true }, deliver),
    await deps.jobs.work(UPDATE_SLACK_MESSAGES_QUEUE, { batchSize: 20, pollingIntervalSeconds }, update),
  ];
  return async () => {
    for (const id of workers) await boss.offWork({ id });
  };
}

