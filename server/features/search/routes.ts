import { Hono } from "hono";
import { searchQuerySchema } from "../../../common/search.ts";
import { requireSession } from "../../auth/require-session.ts";
import type { AppDependencies, AppEnv } from "../../http/app-env.ts";
import { requireMember } from "../../http/require-member.ts";
import { validate } from "../../http/validate.ts";
import { searchTeam } from "./search-team.ts";

export function searchRoutes({ db, readSession, answers }: AppDependencies) {
  return new Hono<AppEnv>()
    .use(requireSession(readSession), requireMember({ db, answers }))
    .get("/", validate("query", searchQuerySchema), async (c) => c.json(await searchTeam(db, c.get("member"), c.req.valid("query").q), 200));
}
