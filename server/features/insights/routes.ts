import { Hono } from "hono";
import type { Context } from "hono";
import { insightRangeSchema, personalInsightExportSchema, teamInsightExportSchema, teamInsightQuerySchema } from "../../../common/insights.ts";
import { requireSession } from "../../auth/require-session.ts";
import type { AppDependencies, AppEnv } from "../../http/app-env.ts";
import { requireMember } from "../../http/require-member.ts";
import { validate } from "../../http/validate.ts";
import { exportPersonalInsights, exportTeamInsights, type CsvFile } from "./export-insights.ts";
import { readPersonalInsights } from "./personal-insights.ts";
import { readTeamInsights } from "./team-insights.ts";

/** A CSV download: UTF-8, named after the report, the table and the range. */
const sendCsv = (c: Context, file: CsvFile) =>
  c.body(file.body, 200, { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${file.filename}"`, "Cache-Control": "no-store" });

export function insightRoutes(deps: AppDependencies) {
  const now = () => deps.clock.now();
  return new Hono<AppEnv>()
    .use(requireSession(deps.readSession), requireMember(deps))
    .get("/me", validate("query", insightRangeSchema), async (c) => c.json(await readPersonalInsights(deps, c.get("member"), c.req.valid("query"), now()), 200))
    .get("/team", validate("query", teamInsightQuerySchema), async (c) => c.json(await readTeamInsights(deps, c.get("member"), c.req.valid("query"), now()), 200))
    .get("/me/export", validate("query", personalInsightExportSchema), async (c) => sendCsv(c, await exportPersonalInsights(deps, c.get("member"), c.req.valid("query"), now())))
    .get("/team/export", validate("query", teamInsightExportSchema), async (c) => sendCsv(c, await exportTeamInsights(deps, c.get("member"), c.req.valid("query"), now())));
}
