import { Hono } from "hono";
import { z } from "zod";
import { profileIdSchema } from "../../../common/blockers.ts";
import { requireSession } from "../../auth/require-session.ts";
import type { AppDependencies, AppEnv } from "../../http/app-env.ts";
import { requireMember } from "../../http/require-member.ts";
import { validate } from "../../http/validate.ts";
import { getTeammate } from "./get-teammate.ts";
import { listTeammates } from "./list-teammates.ts";

export function peopleRoutes({ db, readSession, clock, answers }: AppDependencies) {
  return new Hono<AppEnv>()
    .use(requireSession(readSession), requireMember({ db, answers }))
    .get("/", async (c) => c.json(await listTeammates(db, c.get("member")), 200))
    .get("/:id", validate("param", z.object({ id: profileIdSchema })), async (c) => c.json(await getTeammate(db, c.get("member"), c.req.valid("param").id, clock.now()), 200));
}
