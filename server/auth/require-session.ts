// Guards API routes: answers 401 without a valid session, otherwise puts the user and session on the context.
import type { IncomingMessage } from "node:http";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../http/app-env.ts";
import type { SessionReader } from "./session-reader.ts";

export const requireSession = (readSession: SessionReader) =>
  createMiddleware<AppEnv>(async (c, next) => {
    // Node's own header (when served by @hono/node-server) spares building a full Headers object per request.
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    const cookieHeader = incoming ? incoming.headers.cookie : c.req.header("cookie");
    const result = await readSession(cookieHeader, () => c.req.raw.headers);
    if (!result) return c.json({ code: "session_not_found", message: "Auth session missing" }, 401);
    c.set("user", result.user);
    c.set("session", result.session);
    await next();
  });
