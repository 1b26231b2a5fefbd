// Guards API routes: answers 401 without a valid session, otherwise puts the user and session on the context.
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../http/app-env.ts";
import { requestHeader } from "../http/request-header.ts";
import type { SessionReader } from "./session-reader.ts";

export const requireSession = (readSession: SessionReader) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const result = await readSession(requestHeader(c, "cookie"), () => c.req.raw.headers);
    if (!result) return c.json({ code: "session_not_found", message: "Auth session missing" }, 401);
    c.set("user", result.user);
    c.set("session", result.session);
    await next();
  });
