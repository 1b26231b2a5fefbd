// Holdup's additions to better-auth's endpoints: resend, sign-out with a scope, and the sign-in limiter.
// Everything else under /api/auth is better-auth's own handler.
import { Hono } from "hono";
import { z } from "zod";
import { authMessages, isEmail, resendTypes, signOutScopes } from "../../common/auth-rules.ts";
import { paths } from "../../common/paths.ts";
import type { AppDependencies } from "../http/app-env.ts";
import { limitFailedSignIns } from "./sign-in-limit.ts";
import { validate } from "../http/validate.ts";

// Both fields optional in the schema so that a missing one gets the specification's message, not zod's.
const resendBody = z.object({ email: z.string().trim().optional(), type: z.string().optional() });
const signOutQuery = z.object({ scope: z.enum(signOutScopes).default("global") });

export function authRoutes({ auth, db, clock }: AppDependencies) {
  const limiter = limitFailedSignIns(db, clock);
  return new Hono()
    .post("/resend", validate("json", resendBody), async (c) => {
      const { email, type } = c.req.valid("json");
      if (!email || !type) return c.json({ code: "validation_failed", message: authMessages.emailAndTypeRequired }, 400);
      if (!isEmail(email)) return c.json({ code: "email_address_invalid", message: "Enter a valid e-mail address", fields: { email: ["Enter a valid e-mail address"] } }, 400);
      const parsedType = z.enum(resendTypes).safeParse(type);
      if (!parsedType.success) return c.json({ code: "validation_failed", message: "Unknown type", fields: { type: [`Expected one of ${resendTypes.join(", ")}`] } }, 400);
      if (parsedType.data === "signup") {
        await auth.api.sendVerificationEmail({ body: { email, callbackURL: paths.authCallback }, headers: c.req.raw.headers });
      } else {
        await auth.api.sendVerificationOTP({ body: { email, type: parsedType.data }, headers: c.req.raw.headers });
      }
      // Same answer whether or not the address has an account, so nobody can probe for accounts.
      return c.json({ sent: true });
    })
    .post("/logout", validate("query", signOutQuery), async (c) => {
      const { scope } = c.req.valid("query");
      const headers = c.req.raw.headers;
      if (scope === "global") await auth.api.revokeSessions({ headers }).catch(() => undefined);
      // signOut clears this device's cookies (and its session row, when it still exists).
      const response = await auth.api.signOut({ headers, asResponse: true });
      return new Response(JSON.stringify({ signedOut: true, scope }), { status: 200, headers: setCookiesOf(response) });
    })
    .use("/sign-in/*", limiter)
    .on(["GET", "POST"], "/*", (c) => auth.handler(c.req.raw));
}

function setCookiesOf(response: Response): Headers {
  const headers = new Headers({ "content-type": "application/json" });
  for (const cookie of response.headers.getSetCookie()) headers.append("set-cookie", cookie);
  return headers;
}
