// In the transaction of every change to blockers (record-change.ts): each change that is a webhook event becomes one
// delivery per enabled endpoint of its team that wants it, its body built now — the blocker as it stands at this
// event, not when the delivery goes — and a job to send it, so a change rolled back sends nothing. A team without
// webhooks costs one indexed query, and a change that is no webhook event (snoozed, edited) none.
import { and, eq, inArray } from "drizzle-orm";
import type { BlockerEventType } from "../../../common/blocker-values.ts";
import type { BlockerResource } from "../../../common/public-api.ts";
import type { WebhookEventType } from "../../../common/webhooks.ts";
import { blockers, profiles, webhookDeliveries, webhookEndpoints } from "../../db/schema.ts";
import type { JobQueue } from "../../jobs/job-queue.ts";
import type { Executor } from "../blockers/blocker-people.ts";
import { readBlockerResources } from "../public-api/blocker-resource.ts";
import { newMessageId } from "./signing.ts";

export const DELIVER_WEBHOOK_QUEUE = "deliver-webhook";
/** A first attempt not made by then (its worker died, the queue was lost) is made by the minute's sweep. */
export const WEBHOOK_LEASE_MS = 5 * 60 * 1000;
/** Failed attempts are tried again for a day after the event. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The timeline's events that are webhook events (decision 039). */
export const WEBHOOK_EVENT_OF: Partial<Record<BlockerEventType, WebhookEventType>> = {
  created: "blocker.created",
  done: "blocker.done",
  declined: "blocker.declined",
  nudged: "blocker.nudged",
  auto_nudged: "blocker.nudged",
  resolved: "blocker.resolved",
  cancelled: "blocker.cancelled",
  reopened: "blocker.reopened",
  commented: "comment.created",
};

/** What a change says about itself (record-change.ts's Change, as far as webhooks read it). */
export type WebhookChange = { blockerId: string; actorId: string | null; type: BlockerEventType; payload?: Record<string, unknown>; at: Date };

const INSERT_SLICE = 1000;

/**
 * The address of the app each job queue serves, for the blockers' links in payloads: set when its webhook workers
 * start (webhook-workers.ts). Changes reach this module with their job queue only (record-change.ts's traces), and one
 * process may run several apps (the tests do), each with its own queue.
 */
const appUrlOfQueue = new WeakMap<object, string>();
export const webhooksServe = (jobs: object, appUrl: string) => void appUrlOfQueue.set(jobs, appUrl);

export type DeliverWebhookJob = { deliveryId: string; attempt: number; manual?: boolean };

/** A job for a delivery's next attempt, which names the attempts made before it (a stale job finds another count). */
export const deliveryJob = (job: DeliverWebhookJob) => ({ name: DELIVER_WEBHOOK_QUEUE, data: job, retryLimit: 0, expireInSeconds: 60 });

/** Whose part the event is about: the person who answered (done, declined), or the one nudged. */
function personOf(change: WebhookChange): string | null {
  // GitHub marking a part done (a merged pull request) has no actor: the part's person is in the payload.
  if (change.type === "done" || change.type === "declined") return change.actorId ?? (typeof change.payload?.profileId === "string" ? change.payload.profileId : null);
  if ((change.type === "nudged" || change.type === "auto_nudged") && typeof change.payload?.profileId === "string") return change.payload.profileId;
  return null;
}

/**
 * The webhook event a change is, if any. An undo is `blocker.undone` when what it took back was an event the
 * receivers were sent (done, declined, resolved, cancelled); a snooze taken back was never theirs to hear of.
 */
function webhookEventOf(change: WebhookChange): WebhookEventType | undefined {
  if (change.type !== "undone") return WEBHOOK_EVENT_OF[change.type];
  const undone = change.payload?.type;
  return typeof undone === "string" && WEBHOOK_EVENT_OF[undone as BlockerEventType] ? "blocker.undone" : undefined;
}

export async function queueWebhookDeliveries(executor: Executor, jobs: Pick<JobQueue, "insertWithin">, changes: WebhookChange[]) {
  const events = changes.flatMap((change) => {
    const type = webhookEventOf(change);
    return type ? [{ change, type }] : [];
  });
  if (events.length === 0) return;
  const endpoints = await executor
    .select({ id: webhookEndpoints.id, teamId: webhookEndpoints.teamId, events: webhookEndpoints.events, blockerId: blockers.id })
    .from(blockers)
    .innerJoin(webhookEndpoints, and(eq(webhookEndpoints.teamId, blockers.organizationId), eq(webhookEndpoints.enabled, true)))
    .where(inArray(blockers.id, [...new Set(events.map(({ change }) => change.blockerId))]));
  const wanted = events.map((event) => ({ ...event, endpoints: endpoints.filter((endpoint) => endpoint.blockerId === event.change.blockerId && endpoint.events.includes(event.type)) })).filter((event) => event.endpoints.length > 0);
  if (wanted.length === 0) return;

  const byTeam = new Map<string, Set<string>>();
  for (const { change, endpoints: theirs } of wanted) {
    const teamId = theirs[0]?.teamId ?? "";
    byTeam.set(teamId, (byTeam.get(teamId) ?? new Set()).add(change.blockerId));
  }
  const appUrl = appUrlOfQueue.get(jobs);
  if (appUrl === undefined) throw new Error("Webhook deliveries are queued on a job queue whose webhook workers never started");
  const resources = new Map<string, BlockerResource>();
  for (const [teamId, blockerIds] of byTeam) {
    for (const [id, resource] of await readBlockerResources(executor, teamId, [...blockerIds], appUrl)) resources.set(id, resource);
  }
  const peopleIds = [...new Set(wanted.flatMap(({ change }) => [change.actorId, personOf(change)]).filter((id): id is string => id !== null))];
  const people = new Map(
    peopleIds.length === 0 ? [] : (await executor.select({ id: profiles.id, name: profiles.fullName }).from(profiles).where(inArray(profiles.id, peopleIds))).map((person) => [person.id, person]),
  );
  const personView = (id: string | null) => {
    const person = id ? people.get(id) : undefined;
    return person ? { id: person.id, name: person.name } : null;
  };

  const rows = wanted.flatMap(({ change, type, endpoints: theirs }) => {
    const person = personOf(change);
    const body = JSON.stringify({
      type,
      timestamp: change.at.toISOString(),
      data: {
        blocker: resources.get(change.blockerId) ?? null,
        actor: personView(change.actorId),
        ...(person ? { person: personView(person) } : {}),
        ...(type === "comment.created" ? { comment: { body: String(change.payload?.body ?? "") } } : {}),
        // What was taken back, as the event it was sent as ("blocker.done"): the blocker is as it stands again.
        ...(type === "blocker.undone" ? { undone: WEBHOOK_EVENT_OF[change.payload?.type as BlockerEventType] ?? null } : {}),
      },
    });
    return theirs.map((endpoint) => ({
      id: newMessageId(),
      endpointId: endpoint.id,
      teamId: endpoint.teamId,
      eventType: type,
      body,
      nextAttemptAt: new Date(change.at.getTime() + WEBHOOK_LEASE_MS),
      retryUntil: new Date(change.at.getTime() + WEBHOOK_RETRY_WINDOW_MS),
      createdAt: change.at,
    }));
  });
  // In slices: a statement takes at most 65,535 parameters.
  for (let from = 0; from < rows.length; from += INSERT_SLICE) await executor.insert(webhookDeliveries).values(rows.slice(from, from + INSERT_SLICE));
  await jobs.insertWithin(
    executor,
    rows.map((row) => deliveryJob({ deliveryId: row.id, attempt: 0 })),
  );
}
