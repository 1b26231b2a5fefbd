// Guards API routes: answers 401 without a valid session, otherwise puts the user and session on the context. A route
// that serves devices too (the live event stream) passes the device reader: a request without cookies may then come
// with a tray's or extension's bearer token (decision 042). Every other route reads cookies alone.
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../http/app-env.ts";
import { requestHeader } from "../http/request-header.ts";
import { bearerToken, type DeviceSessionReader } from "./device-session.ts";
import type { SessionReader } from "./session-reader.ts";

export const requireSession = (readSession: SessionReader, devices?: DeviceSessionReader) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const cookie = requestHeader(c, "cookie");
    const token = devices && cookie === undefined ? bearerToken(requestHeader(c, "authorization")) : undefined;
    const result = token !== undefined && devices ? await devices(token) : await readSession(cookie, () => c.req.raw.headers);
    if (!result) return c.json({ code: "session_not_found", message: "Auth session missing" }, 401);
    c.set("user", result.user);
    c.set("session", result.session);
    await next();
  });
