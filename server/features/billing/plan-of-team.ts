// A team's plan (DESIGN.md §7, decision 031). With Stripe configured: Plus while the team's subscription is live,
// as Stripe last said (active, trialing, or past_due while Stripe retries the payment); Free otherwise. Without a
// payment provider (self-hosting), DEFAULT_PLAN decides for every team: Plus unless it says free.
import { eq } from "drizzle-orm";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { teamBilling } from "../../db/schema.ts";

export type Plan = "free" | "plus";

/** Stripe's subscription statuses in which the team has what it pays for. */
export const LIVE_SUBSCRIPTION_STATUSES = new Set(["active", "trialing", "past_due"]);

export async function planOfTeam(deps: { config: Pick<Config, "defaultPlan" | "stripe">; db: Database }, teamId: string): Promise<Plan> {
  if (!deps.config.stripe) return deps.config.defaultPlan;
  const [billing] = await deps.db.select({ status: teamBilling.subscriptionStatus }).from(teamBilling).where(eq(teamBilling.teamId, teamId));
  return billing?.status && LIVE_SUBSCRIPTION_STATUSES.has(billing.status) ? "plus" : "free";
}
