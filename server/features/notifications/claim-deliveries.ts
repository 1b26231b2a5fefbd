// Claiming deliveries before sending them, for every channel's worker (e-mail, Slack): two workers, or a retry racing
// a slow attempt, cannot both send one. One statement claims a batch.
import { and, eq, inArray, lt, notInArray, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { deliveries } from "../../db/schema.ts";

/**
 * An attempt still "sending" after this long died with its process (the mailer gives up on a mail server within
 * about 40 s, Slack's client within 30): it may be claimed again. Shorter than a job's expiry (DELIVERY_JOB_EXPIRY),
 * so the job pg-boss tries again after a crash finds it claimable.
 */
const STUCK_AFTER_MS = 45 * 1000;

/** Being sent by another worker right now: its job is tried again a little later rather than marked done. */
export class SendingElsewhere extends Error {}

export type DeliveryAttempt = { deliveryId: string; lastTry: boolean };

/**
 * Claims these deliveries for this worker: those still waiting, or left "sending" by a process that died. Answers
 * the claimed ones, and the ids another worker is sending right now.
 */
export async function claimDeliveries(db: Database, ids: string[], now: Date) {
  const claimed = await db
    .update(deliveries)
    .set({ status: "sending", attempts: sql`${deliveries.attempts} + 1`, lastAttemptAt: now })
    .where(and(inArray(deliveries.id, ids), or(eq(deliveries.status, "pending"), and(eq(deliveries.status, "sending"), lt(deliveries.lastAttemptAt, new Date(now.getTime() - STUCK_AFTER_MS))))))
    .returning();
  const unclaimed = ids.filter((id) => !claimed.some((delivery) => delivery.id === id));
  const busy = unclaimed.length === 0 ? [] : await db.select({ id: deliveries.id }).from(deliveries).where(and(inArray(deliveries.id, unclaimed), eq(deliveries.status, "sending")));
  return { claimed, busyElsewhere: new Set(busy.map((row) => row.id)) };
}

type Delivery = typeof deliveries.$inferSelect;

/**
 * The recipient's other changes still waiting in this channel, claimed to go with the claimed ones that wait for
 * company (`batched`): the first change's job starts after the batch wait and takes what came meanwhile (issue #27).
 * Their own jobs, when they come, find them sent.
 */
export async function claimBatchmates(db: Database, channel: Delivery["channel"], claimed: Delivery[], now: Date): Promise<Delivery[]> {
  const leaders = claimed.filter((delivery) => delivery.batched && delivery.notificationId);
  if (leaders.length === 0) return [];
  return db
    .update(deliveries)
    .set({ status: "sending", attempts: sql`${deliveries.attempts} + 1`, lastAttemptAt: now })
    .where(
      and(
        eq(deliveries.batched, true),
        eq(deliveries.channel, channel),
        eq(deliveries.status, "pending"),
        inArray(deliveries.profileId, [...new Set(leaders.map((delivery) => delivery.profileId))]),
        notInArray(deliveries.id, claimed.map((delivery) => delivery.id)),
      ),
    )
    .returning();
}

/**
 * The claimed deliveries as messages to send: one per delivery, except that a recipient's batched changes about one
 * team go together, the earliest first (the message is sent under the first one's id).
 */
export function inBatches(claimed: Delivery[]): Delivery[][] {
  const batches = new Map<string, Delivery[]>();
  const alone: Delivery[][] = [];
  for (const delivery of [...claimed].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))) {
    if (!delivery.batched || !delivery.notificationId) {
      alone.push([delivery]);
      continue;
    }
    const key = `${delivery.profileId} ${delivery.teamId ?? ""}`;
    batches.set(key, [...(batches.get(key) ?? []), delivery]);
  }
  return [...alone, ...batches.values()];
}

/**
 * A message failed: each delivery it carried waits for its own job's next try, but one whose job has just made its
 * last try is failed for good (shown to the team's admins). A batchmate whose job has not run yet keeps its tries.
 */
export async function noteFailedDeliveries(db: Database, ids: string[], lastTry: (id: string) => boolean, error: unknown) {
  const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  const failed = ids.filter(lastTry);
  const again = ids.filter((id) => !lastTry(id));
  if (failed.length > 0) await db.update(deliveries).set({ status: "failed", lastError }).where(inArray(deliveries.id, failed));
  if (again.length > 0) await db.update(deliveries).set({ status: "pending", lastError }).where(inArray(deliveries.id, again));
}
