import { Hono } from "hono";
import { insightRangeSchema, teamInsightQuerySchema } from "../../../common/insights.ts";
import { requireSession } from "../../auth/require-session.ts";
import type { AppDependencies, AppEnv } from "../../http/app-env.ts";
import { requireMember } from "../../http/require-member.ts";
import { validate } from "../../http/validate.ts";
import { readPersonalInsights } from "./personal-insights.ts";
import { readTeamInsights } from "./team-insights.ts";

export function insightRoutes(deps: AppDependencies) {
  const now = () => deps.clock.now();
  return new Hono<AppEnv>()
    .use(requireSession(deps.readSession), requireMember(deps))
    .get("/me", validate("query", insightRangeSchema), async (c) => c.json(await readPersonalInsights(deps, c.get("member"), c.req.valid("query"), now()), 200))
    .get("/team", validate("query", teamInsightQuerySchema), async (c) => c.json(await readTeamInsights(deps, c.get("member"), c.req.valid("query"), now()), 200));
}
