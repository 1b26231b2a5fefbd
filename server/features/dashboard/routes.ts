// The dashboard's first load in one request: the two counters and the first page of each column.
import { Hono } from "hono";
import { requireSession } from "../../auth/require-session.ts";
import type { AppDependencies, AppEnv } from "../../http/app-env.ts";
import { sendKeptJson } from "../../http/kept-json.ts";
import { requireMember } from "../../http/require-member.ts";
import { loadDashboard } from "../blockers/list-dashboard.ts";

export function dashboardRoutes({ db, readSession, clock, answers }: AppDependencies) {
  return new Hono<AppEnv>().use(requireSession(readSession), requireMember({ db, answers })).get("/", async (c) => sendKeptJson(c, await loadDashboard({ db, answers }, c.get("member"), clock.now())));
}
