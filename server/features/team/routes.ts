import { Hono } from "hono";
import { z } from "zod";
import { emailSchema } from "../../../common/auth-rules.ts";
import { MAX_INVITES_AT_ONCE } from "../../../common/profile.ts";
import { tooManyMessage } from "../../auth/attempt-limits.ts";
import { requireSession } from "../../auth/require-session.ts";
import { clientKey } from "../../http/client-address.ts";
import type { AppDependencies, AppEnv } from "../../http/app-env.ts";
import { validate } from "../../http/validate.ts";
import { findTeam } from "./find-team.ts";
import { inviteTeammates } from "./invite-teammates.ts";

export const invitationsBody = z.object({ emails: z.array(emailSchema).min(1, "Add at least one e-mail address").max(MAX_INVITES_AT_ONCE) });

export function teamRoutes({ auth, config, db, readSession, clock, secret, clientAddressOf }: AppDependencies) {
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
      const sender = { headers: c.req.raw.headers, clientKey: clientKey(clientAddressOf(c), secret) };
      const outcomes = await inviteTeammates({ auth, db, appUrl: config.appUrl }, sender, team.id, c.req.valid("json").emails, clock.now());
      // Every address refused for the limits: the request as a whole was too many.
      const waits = outcomes.map((outcome) => (outcome.invited ? 0 : (outcome.retryAfterSeconds ?? 0)));
      if (waits.every((wait) => wait > 0)) {
        const wait = Math.min(...waits);
        c.header("Retry-After", String(wait));
        return c.json({ code: "too_many_requests", message: tooManyMessage("email", wait), retryAfter: wait, outcomes }, 429);
      }
      return c.json({ outcomes }, 200);
    });
}
