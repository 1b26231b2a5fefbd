// /api/join/:token — the invitation's own page, for someone who is not signed in (decision 051): what the invitation
// is, and joining with a new account. Both check a secret (the token), so wrong tokens are limited like wrong codes.
import { Hono } from "hono";
import { z } from "zod";
import { fullNameSchema, recordIdSchema, timezoneSchema } from "../../../common/profile.ts";
import { attemptLimits } from "../../auth/attempt-limits.ts";
import { CLIENT_ADDRESS_HEADER } from "../../auth/auth.ts";
import { clientPseudonym } from "../../http/client-address.ts";
import type { AppDependencies, AppEnv } from "../../http/app-env.ts";
import { validate } from "../../http/validate.ts";
import { joinByInvitation, previewInvitation } from "./join-by-invitation.ts";

const tokenParam = z.object({ token: recordIdSchema });
const newcomerBody = z.object({ fullName: fullNameSchema, password: z.string().min(1, "Enter your password"), timezone: timezoneSchema });

export function joinRoutes(deps: AppDependencies) {
  const { clock, db, clientAddressOf, secret } = deps;
  const limits = attemptLimits(deps);
  return new Hono<AppEnv>()
    .use("/:token", limits.code)
    .get("/:token", validate("param", tokenParam), async (c) => {
      const found = await previewInvitation(db, c.req.valid("param").token, clock.now());
      return c.json({ email: found.email, teamName: found.teamName, inviterName: found.inviterName, hasAccount: found.hasAccount }, 200);
    })
    .post("/:token", validate("param", tokenParam), validate("json", newcomerBody), async (c) => {
      // The session's address is the client's pseudonym, as for every other sign-in (server/auth/routes.ts).
      const headers = new Headers(c.req.raw.headers);
      headers.set(CLIENT_ADDRESS_HEADER, clientPseudonym(clientAddressOf(c), secret));
      const { setCookies, team } = await joinByInvitation(deps, c.req.valid("param").token, c.req.valid("json"), headers, clock.now());
      for (const cookie of setCookies) c.header("set-cookie", cookie, { append: true });
      return c.json({ team }, 201);
    });
}
