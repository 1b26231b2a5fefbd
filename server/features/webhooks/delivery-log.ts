// An endpoint's delivery log: its attempts, newest first, a page at a time — the event, what the endpoint answered
// (status, time taken, the first kilobyte) or why nothing was, which attempt it was — and Redeliver: the delivery
// sent again as it was (same id, same body, signed anew), once, or on its schedule while its day of retries lasts.
import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { webhookAttempts, webhookDeliveries } from "../../db/schema.ts";
import type { Member } from "../../http/app-env.ts";
import { readCursor, writeCursor } from "../../http/cursor.ts";
import { Refusal } from "../../http/refusal.ts";
import type { JobQueue } from "../../jobs/job-queue.ts";
import { findTeamWebhook, requireAdmin } from "./manage-webhooks.ts";
import { deliveryJob, WEBHOOK_LEASE_MS } from "./queue-deliveries.ts";

export const DELIVERY_LOG_PAGE = 25;

export const deliveryLogQuerySchema = z.strictObject({ cursor: z.string().max(200, "Not a valid list position").optional() });
// Newest first; a delivery's attempts at one instant by their number (the app's clock may not have moved between them).
const cursorSchema = z.tuple([z.iso.datetime(), z.number().int().min(0).max(1_000_000), z.uuid()]);

export async function listDeliveries(db: Database, viewer: Member, endpointId: string, options: { cursor?: string }) {
  requireAdmin(viewer);
  const endpoint = await findTeamWebhook(db, viewer, endpointId);
  const after = readCursor(options.cursor, cursorSchema);
  const rows = await db
    .select({
      id: webhookAttempts.id,
      deliveryId: webhookAttempts.deliveryId,
      event: webhookDeliveries.eventType,
      attempt: webhookAttempts.attempt,
      at: webhookAttempts.at,
      ok: webhookAttempts.ok,
      statusCode: webhookAttempts.statusCode,
      durationMs: webhookAttempts.durationMs,
      responseExcerpt: webhookAttempts.responseExcerpt,
      error: webhookAttempts.error,
      manual: webhookAttempts.manual,
      deliveryStatus: webhookDeliveries.status,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
    })
    .from(webhookAttempts)
    .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
    .where(
      and(
        eq(webhookAttempts.endpointId, endpoint.id),
        after ? sql`(${webhookAttempts.at}, ${webhookAttempts.attempt}, ${webhookAttempts.id}) < (${new Date(after[0])}, ${after[1]}, ${after[2]}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(webhookAttempts.at), desc(webhookAttempts.attempt), desc(webhookAttempts.id))
    .limit(DELIVERY_LOG_PAGE + 1);
  const page = rows.slice(0, DELIVERY_LOG_PAGE);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      ...row,
      at: row.at.toISOString(),
      // A retry is waiting only for the delivery's latest attempt; an earlier one's state is history.
      nextAttemptAt: row.deliveryStatus === "pending" ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    })),
    nextCursor: rows.length > DELIVERY_LOG_PAGE && last ? writeCursor([last.at.toISOString(), last.attempt, last.id]) : null,
  };
}

export async function redeliver(deps: { db: Database; jobs: Pick<JobQueue, "insertWithin"> }, viewer: Member, endpointId: string, deliveryId: string, now: Date) {
  requireAdmin(viewer);
  const endpoint = await findTeamWebhook(deps.db, viewer, endpointId);
  if (!endpoint.enabled) throw new Refusal(409, "webhook_disabled", "This webhook is turned off: turn it on to redeliver");
  return deps.db.transaction(async (tx) => {
    // Tried once more now; a delivery still within its day of retries keeps them should this try fail.
    const [delivery] = await tx
      .update(webhookDeliveries)
      .set({ status: "pending", nextAttemptAt: new Date(now.getTime() + WEBHOOK_LEASE_MS), retryUntil: sql`greatest(${webhookDeliveries.retryUntil}, ${now})` })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.teamId, viewer.teamId)))
      .returning({ id: webhookDeliveries.id, attempts: webhookDeliveries.attempts });
    if (!delivery) throw new Refusal(404, "delivery_not_found", "This delivery does not exist");
    await deps.jobs.insertWithin(tx, [deliveryJob({ deliveryId: delivery.id, attempt: delivery.attempts, manual: true })]);
    return { queued: true as const, deliveryId: delivery.id };
  });
}
