// Adding, changing, turning off and on, deleting a team's webhooks and rotating their secrets: owners and admins only.
// A secret is shown once, when it is made (adding, rotating); after a rotation the previous one still signs for a day.
import { and, eq, sql } from "drizzle-orm";
import type { NewWebhook, WebhookChanges } from "../../../common/webhooks.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema.ts";
import type { Member } from "../../http/app-env.ts";
import { Refusal } from "../../http/refusal.ts";
import { requireRoomForIntegration } from "../billing/integration-limit.ts";
import { checkEndpointUrl } from "./endpoint-url.ts";
import { roomForWebhook, webhookView } from "./list-webhooks.ts";
import { createSecretSeal, newWebhookSecret } from "./signing.ts";

export type ManageDeps = { db: Database; config: Pick<Config, "defaultPlan" | "stripe" | "webhooksAllowPrivate">; secret: string };

/** How long a rotated secret still signs beside the new one. */
export const PREVIOUS_SECRET_MS = 24 * 60 * 60 * 1000;

export const onlyAdminsManageWebhooks = () => new Refusal(403, "not_allowed", "Only the team's owners and admins manage webhooks");
export const webhookNotFound = () => new Refusal(404, "webhook_not_found", "This webhook does not exist");

export function requireAdmin(viewer: Member) {
  if (!viewer.isAdmin) throw onlyAdminsManageWebhooks();
}

/** The team's endpoint (another team's id is not found, as a made-up one is). */
export async function findTeamWebhook(db: Pick<Database, "select">, viewer: Member, id: string) {
  const [endpoint] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.teamId, viewer.teamId)));
  if (!endpoint) throw webhookNotFound();
  return endpoint;
}

export async function createWebhook(deps: ManageDeps, viewer: Member, input: NewWebhook, now: Date) {
  requireAdmin(viewer);
  const url = checkEndpointUrl(input.url, deps.config.webhooksAllowPrivate);
  if ((await roomForWebhook(deps, viewer.teamId)) === "endpoint_limit") throw new Refusal(409, "webhook_limit_reached", "A team can have at most 20 webhooks: delete one first");
  await requireRoomForIntegration(deps, viewer.teamId);
  const secret = newWebhookSecret();
  const [endpoint] = await deps.db
    .insert(webhookEndpoints)
    .values({ teamId: viewer.teamId, url, description: input.description ?? "", events: input.events, sealedSecret: createSecretSeal(deps.secret).seal(secret), createdBy: viewer.profileId, createdAt: now })
    .returning();
  if (!endpoint) throw new Error("the webhook was not inserted");
  return { webhook: webhookView(endpoint, viewer), secret };
}

export async function changeWebhook(deps: ManageDeps, viewer: Member, id: string, changes: WebhookChanges, now: Date) {
  requireAdmin(viewer);
  const endpoint = await findTeamWebhook(deps.db, viewer, id);
  const url = changes.url === undefined ? undefined : checkEndpointUrl(changes.url, deps.config.webhooksAllowPrivate);
  const turningOff = changes.enabled === false && endpoint.enabled;
  const turningOn = changes.enabled === true && !endpoint.enabled;
  return deps.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(webhookEndpoints)
      .set({
        ...(url === undefined ? {} : { url }),
        ...(changes.description === undefined ? {} : { description: changes.description }),
        ...(changes.events === undefined ? {} : { events: changes.events }),
        // Off by hand; on again: a fresh start, the failures that turned it off forgotten.
        ...(turningOff ? { enabled: false, disabledReason: "manual" as const, disabledAt: now } : {}),
        ...(turningOn ? { enabled: true, disabledReason: null, disabledAt: null, failingSince: null } : {}),
      })
      .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.teamId, viewer.teamId)))
      .returning();
    if (!changed) throw webhookNotFound();
    // Turned off: what waited to be sent is not sent (its log keeps it; Redeliver sends it once it is on again).
    if (turningOff) {
      await tx
        .update(webhookDeliveries)
        .set({ status: "failed", nextAttemptAt: null })
        .where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.status, "pending")));
    }
    return webhookView(changed, viewer);
  });
}

export async function deleteWebhook(deps: Pick<ManageDeps, "db">, viewer: Member, id: string) {
  requireAdmin(viewer);
  const deleted = await deps.db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.teamId, viewer.teamId)))
    .returning({ id: webhookEndpoints.id });
  if (deleted.length === 0) throw webhookNotFound();
  return { deleted: true as const };
}

export async function rotateWebhookSecret(deps: ManageDeps, viewer: Member, id: string, now: Date) {
  requireAdmin(viewer);
  const endpoint = await findTeamWebhook(deps.db, viewer, id);
  const secret = newWebhookSecret();
  const [changed] = await deps.db
    .update(webhookEndpoints)
    .set({ sealedSecret: createSecretSeal(deps.secret).seal(secret), previousSealedSecret: endpoint.sealedSecret, previousSecretUntil: new Date(now.getTime() + PREVIOUS_SECRET_MS) })
    .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.teamId, viewer.teamId), sql`${webhookEndpoints.sealedSecret} = ${endpoint.sealedSecret}`))
    .returning();
  // Rotated by someone else meanwhile: theirs stands, and this one would never have signed anything.
  if (!changed) throw new Refusal(409, "secret_changed", "The secret was just rotated by someone else: reload the page");
  return { webhook: webhookView(changed, viewer), secret };
}
