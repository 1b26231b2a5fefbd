import { Hono } from "hono";
import { z } from "zod";
import { emailSchema } from "../../../common/auth-rules.ts";
import { MAX_INVITES_AT_ONCE } from "../../../common/profile.ts";
import { requireSession } from "../../auth/require-session.ts";
import type { AppDependencies, AppEnv } from "../../http/app-env.ts";
import { validate } from "../../http/validate.ts";
import { findTeam } from "./find-team.ts";
import { inviteTeammates } from "./invite-teammates.ts";

export const invitationsBody = z.object({ emails: z.array(emailSchema).min(1, "Add at least one e-mail address").max(MAX_INVITES_AT_ONCE) });

export function teamRoutes({ auth, db, readSession }: AppDependencies) {
  return new Hono<AppEnv>()
    .use(requireSession(readSession))
    .get("/", async (c) => {
      const team = await findTeam(db, c.get("user").id);
      if (!team) return c.json({ code: "team_not_found", message: "You are not in a team yet" }, 404);
      return c.json(team, 200);
    })
    .post("/invitations", validate("json", invitationsBody), async (c) => {
      const team = await findTeam(db, c.get("user").id);
      if (!team) return c.json({ code: "team_not_found", message: "You are not in a team yet" }, 404);
      const outcomes = await inviteTeammates(auth, c.req.raw.headers, team.id, c.req.valid("json").emails);
      return c.json({ outcomes }, 200);
    });
}
