import type { IncomingMessage } from "node:http";
import { Hono } from "hono";
import { supportRequestSchema } from "../../../common/support.ts";
import type { AppDependencies } from "../../http/app-env.ts";
import { clientKey } from "../../http/client-address.ts";
import { validate } from "../../http/validate.ts";
import { sendSupportRequest } from "./send-support-request.ts";

/** The /support contact form: open to everyone; a signed-in sender's profile is noted with the request. */
export function supportRoutes(deps: AppDependencies) {
  const { readSession, secret, clientAddressOf } = deps;
  return new Hono().post("/", validate("json", supportRequestSchema), async (c) => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    const cookieHeader = incoming ? incoming.headers.cookie : c.req.header("cookie");
    // Without a cookie nobody is signed in: no need to ask better-auth.
    const session = cookieHeader ? await readSession(cookieHeader, () => c.req.raw.headers) : null;
    const outcome = await sendSupportRequest(deps, c.req.valid("json"), { clientKey: clientKey(clientAddressOf(c), secret), authId: session?.user.id });
    if (!outcome.received) {
      const wait = outcome.retryAfterSeconds;
      c.header("Retry-After", String(wait));
      return c.json({ code: "rate_limited", message: `Too many support requests. Please try again in ${Math.ceil(wait / 60)} minute(s).`, retryAfter: wait }, 429);
    }
    return c.json({ id: outcome.id, receivedAt: outcome.receivedAt.toISOString() }, 201);
  });
}
