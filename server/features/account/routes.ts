// /api/account: what only the signed-in person does to their own account, in no particular team: the devices signed
// in to it, its e-mail address, and deleting it. (Name, time zone, hours and picture: /api/profile; password and the
// second factor: better-auth's /api/auth endpoints.)
import { Hono, type Context } from "hono";
import { z } from "zod";
import { emailSchema } from "../../../common/auth-rules.ts";
import { attemptLimits } from "../../auth/attempt-limits.ts";
import { requireSession } from "../../auth/require-session.ts";
import type { AppDependencies, AppEnv } from "../../http/app-env.ts";
import { validate } from "../../http/validate.ts";
import { changeEmail } from "./change-email.ts";
import { accountDeletionPlan, deleteAccount } from "./delete-account.ts";
import { listSessions } from "./list-sessions.ts";
import { signOutDevice, signOutOtherDevices } from "./sign-out-devices.ts";

const passwordField = z.string("Enter your password").min(1, "Enter your password").max(1024, "Enter your password");
const sessionParam = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "Not a session") });
const emailChange = z.object({ newEmail: emailSchema, password: passwordField });
const deletion = z.object({ password: passwordField, confirmation: z.string("Type your e-mail address to confirm").max(300) });

export function accountRoutes(deps: AppDependencies) {
  const { auth, db, readSession, clock, config } = deps;
  const limits = attemptLimits(deps);
  const viewerOf = (c: Context<AppEnv>) => ({ userId: c.get("user").id, email: c.get("user").email, sessionId: c.get("session").id, headers: c.req.raw.headers });
  const stripeConfigured = config.stripe !== undefined;
  return new Hono<AppEnv>()
    .use(requireSession(readSession))
    .get("/sessions", async (c) => c.json(await listSessions(db, c.get("user").id, c.get("session").id, clock.now()), 200))
    .delete("/sessions/:id", validate("param", sessionParam), async (c) => {
      await signOutDevice({ auth, db }, viewerOf(c), c.req.valid("param").id);
      return c.json({ signedOut: true }, 200);
    })
    .post("/sessions/sign-out-others", async (c) => {
      await signOutOtherDevices(auth, c.req.raw.headers);
      return c.json({ signedOut: true }, 200);
    })
    // A wrong password counts like one at sign-in; a link sent counts like every e-mail sent on request.
    .post("/email", limits.ownPassword, limits.email, validate("json", emailChange), async (c) => c.json(await changeEmail(auth, viewerOf(c), c.req.valid("json")), 200))
    .get("/deletion", async (c) => c.json(await accountDeletionPlan({ db, stripeConfigured }, c.get("user").id), 200))
    .post("/delete", limits.ownPassword, validate("json", deletion), async (c) => {
      const headers = await deleteAccount({ ...deps, stripeConfigured }, viewerOf(c), c.req.valid("json"), clock.now());
      return c.json({ deleted: true }, 200, Object.fromEntries([["set-cookie", headers.getSetCookie()]]));
    });
}
