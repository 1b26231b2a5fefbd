// /api/invitations: the invitations a signed-in person has received, from any team (/invites), and joining or
// declining one — with proof that it is theirs (decision 018): a confirmed address, or the link's token.
import { Hono } from "hono";
import { z } from "zod";
import { recordIdSchema } from "../../../common/profile.ts";
import { requireSession } from "../../auth/require-session.ts";
import type { AppDependencies, AppEnv } from "../../http/app-env.ts";
import { validate } from "../../http/validate.ts";
import { acceptInvitation } from "./accept-invitation.ts";
import { declineInvitation } from "./decline-invitation.ts";
import { isEmailVerified, listInvitationsFor } from "./list-invitations.ts";

// The token from an invitation's link (`?invite=` on the page, `token` to answer it).
export const invitationListQuery = z.object({ invite: recordIdSchema.optional() });
const invitationParam = z.object({ id: recordIdSchema });
const answerBody = z.object({ token: recordIdSchema.optional() });

export function invitationRoutes({ auth, clock, config, db, events, jobs, readSession }: AppDependencies) {
  return new Hono<AppEnv>()
    .use(requireSession(readSession))
    .get("/", validate("query", invitationListQuery), async (c) => {
      const user = c.get("user");
      const proof = { emailVerified: await isEmailVerified(db, user.id), token: c.req.valid("query").invite };
      return c.json(await listInvitationsFor(db, user.email, proof, clock.now()), 200);
    })
    .post("/:id/accept", validate("param", invitationParam), validate("json", answerBody), async (c) => {
      const user = c.get("user");
      const person = { userId: user.id, email: user.email, headers: c.req.raw.headers };
      return c.json(await acceptInvitation({ auth, db, events, jobs, config }, person, c.req.valid("param").id, c.req.valid("json").token, clock.now()), 200);
    })
    .post("/:id/decline", validate("param", invitationParam), validate("json", answerBody), async (c) => {
      const user = c.get("user");
      const person = { userId: user.id, email: user.email, headers: c.req.raw.headers };
      return c.json(await declineInvitation({ auth, db }, person, c.req.valid("param").id, c.req.valid("json").token, clock.now()), 200);
    });
}
