// The team's webhooks as the integrations page shows them: each endpoint, its events and its health (last delivery
// ok, failing since when, or turned off and why); whether the viewer may manage them, and whether one more may be
// added (the Free plan's two integrations, the cap of endpoints) — the page offers only what the server allows.
// Members who are not owners or admins see each endpoint's host and health, never its full address (it may carry a
// token) nor its log.
import { asc, count, eq } from "drizzle-orm";
import { MAX_WEBHOOK_ENDPOINTS, type WebhookHealth } from "../../../common/webhooks.ts";
import { FREE_INTEGRATIONS } from "../../../common/plans.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { webhookEndpoints } from "../../db/schema.ts";
import type { Member } from "../../http/app-env.ts";
import { integrationsConnected } from "../billing/integration-limit.ts";
import { planOfTeam } from "../billing/plan-of-team.ts";

type Endpoint = typeof webhookEndpoints.$inferSelect;

const healthOf = (endpoint: Endpoint): WebhookHealth => (!endpoint.enabled ? "disabled" : endpoint.failingSince ? "failing" : endpoint.lastSuccessAt ? "ok" : "new");

/** An endpoint as its team sees it: the whole of it for owners and admins, its host for the others. */
export function webhookView(endpoint: Endpoint, viewer: Pick<Member, "isAdmin">) {
  return {
    id: endpoint.id,
    url: viewer.isAdmin ? endpoint.url : null,
    host: new URL(endpoint.url).host,
    description: endpoint.description,
    events: endpoint.events,
    enabled: endpoint.enabled,
    disabledReason: endpoint.disabledReason,
    disabledAt: endpoint.disabledAt?.toISOString() ?? null,
    createdAt: endpoint.createdAt.toISOString(),
    health: {
      state: healthOf(endpoint),
      lastAttemptAt: endpoint.lastAttemptAt?.toISOString() ?? null,
      lastSuccessAt: endpoint.lastSuccessAt?.toISOString() ?? null,
      failingSince: endpoint.failingSince?.toISOString() ?? null,
    },
  };
}

/** Why one more endpoint would be refused, if it would. */
export async function roomForWebhook(deps: { db: Database; config: Pick<Config, "defaultPlan" | "stripe"> }, teamId: string): Promise<"available" | "plan_limit" | "endpoint_limit"> {
  const [endpoints] = await deps.db.select({ total: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.teamId, teamId));
  if ((endpoints?.total ?? 0) >= MAX_WEBHOOK_ENDPOINTS) return "endpoint_limit";
  if ((await planOfTeam(deps, teamId)) === "free" && (await integrationsConnected(deps.db, teamId)) >= FREE_INTEGRATIONS) return "plan_limit";
  return "available";
}

export async function listWebhooks(deps: { db: Database; config: Pick<Config, "defaultPlan" | "stripe" | "webhooksAllowPrivate"> }, viewer: Member) {
  const endpoints = await deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.teamId, viewer.teamId)).orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  return {
    canManage: viewer.isAdmin,
    /** Whether this Holdup calls private addresses and http:// (WEBHOOKS_ALLOW_PRIVATE): the form says what it takes. */
    allowsPrivate: deps.config.webhooksAllowPrivate,
    room: viewer.isAdmin ? await roomForWebhook(deps, viewer.teamId) : ("not_allowed" as const),
    maxEndpoints: MAX_WEBHOOK_ENDPOINTS,
    endpoints: endpoints.map((endpoint) => webhookView(endpoint, viewer)),
  };
}
