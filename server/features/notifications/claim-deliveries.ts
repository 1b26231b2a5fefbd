// Claiming deliveries before sending them, for every channel's worker (e-mail, Slack): two workers, or a retry racing
// a slow attempt, cannot both send one. One statement claims a batch.
import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
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
