// The Free plan's two integrations (DESIGN.md §7): what a team has connected — its Slack workspace, each of its
// outgoing webhooks (decision 039), its GitHub connection (one, whatever the repositories it hears from: decision 041)
// — and the refusal of one more.
import { count, eq } from "drizzle-orm";
import { FREE_INTEGRATIONS } from "../../../common/plans.ts";
import { paths } from "../../../common/paths.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { githubConnections, slackWorkspaces, webhookEndpoints } from "../../db/schema.ts";
import { Refusal } from "../../http/refusal.ts";
import { planOfTeam } from "./plan-of-team.ts";

export async function integrationsConnected(db: Database, teamId: string): Promise<number> {
  const [slack] = await db.select({ total: count() }).from(slackWorkspaces).where(eq(slackWorkspaces.teamId, teamId));
  // Each endpoint counts, on or off: turning one on again must not pass the limit.
  const [webhooks] = await db.select({ total: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.teamId, teamId));
  const [github] = await db.select({ total: count() }).from(githubConnections).where(eq(githubConnections.teamId, teamId));
  return (slack?.total ?? 0) + (webhooks?.total ?? 0) + (github?.total ?? 0);
}

export const FREE_INTEGRATIONS_MESSAGE = `The Free plan allows ${FREE_INTEGRATIONS} integrations. Upgrade to Plus for unlimited integrations.`;

/** Refuses connecting one more integration to a Free team that has its two already. */
export async function requireRoomForIntegration(deps: { db: Database; config: Pick<Config, "defaultPlan" | "stripe"> }, teamId: string) {
  if ((await planOfTeam(deps, teamId)) === "plus") return;
  if ((await integrationsConnected(deps.db, teamId)) >= FREE_INTEGRATIONS) throw new Refusal(403, "plan_limit_reached", FREE_INTEGRATIONS_MESSAGE, { upgradeUrl: paths.organizationBilling });
}
