import type { Config } from "../../config.ts";

export type Plan = "free" | "plus";

/**
 * A team's plan. No payment provider is wired in yet, so every team has the configured default: Plus, as
 * DESIGN.md §7 says for self-hosting, unless DEFAULT_PLAN=free (which is how the Free limits are tested).
 */
export const planOfTeam = (config: Pick<Config, "defaultPlan">, _teamId: string): Plan => config.defaultPlan;
