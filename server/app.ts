// Builds the HTTP application from the feature routers. No logic of its own beyond cross-cutting middleware.
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { csrf } from "hono/csrf";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import { authRoutes } from "./auth/routes.ts";
import { blockerRoutes } from "./features/blockers/routes.ts";
import { notificationRoutes } from "./features/notifications/routes.ts";
import { peopleRoutes } from "./features/people/routes.ts";
import { liveEventRoutes } from "./realtime/routes.ts";
import { counterRoutes } from "./features/counters/routes.ts";
import { onboardingRoutes } from "./features/onboarding/routes.ts";
import { profileRoutes } from "./features/profile/routes.ts";
import { supportRoutes } from "./features/support/routes.ts";
import { teamRoutes } from "./features/team/routes.ts";
import type { AppDependencies } from "./http/app-env.ts";
import { Refusal } from "./http/refusal.ts";
import { webAppRoutes } from "./http/web-app.ts";

export const MAX_BODY_BYTES = 1024 * 1024;

function apiRoutes(deps: AppDependencies) {
  return new Hono()
    .get("/health", (c) => c.json({ ok: true }))
    .route("/auth", authRoutes(deps))
    .route("/profile", profileRoutes(deps))
    .route("/team", teamRoutes(deps))
    .route("/counters", counterRoutes(deps))
    .route("/blockers", blockerRoutes(deps))
    .route("/notifications", notificationRoutes(deps))
    .route("/people", peopleRoutes(deps))
    .route("/events", liveEventRoutes(deps))
    .route("/onboarding", onboardingRoutes(deps))
    .route("/support", supportRoutes(deps));
}

/** The API's type, for the web app's typed client (`hc<ApiType>`). */
export type ApiType = ReturnType<typeof apiRoutes>;

export function createApp(deps: AppDependencies, options: { webDir?: string } = {}) {
  const app = new Hono();
  app.use(secureHeaders({ crossOriginEmbedderPolicy: false }));
  app.use(
    "/api/*",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json({ code: "payload_too_large", message: "The request body is larger than 1 MB" }, 413),
    }),
  );
  // Browsers let any site post a form here; only our own origin may. (JSON posts are covered by CORS.)
  app.use("/api/*", csrf({ origin: deps.config.appUrl }));
  app.route("/api", apiRoutes(deps));
  app.all("/api/*", (c) => c.json({ code: "not_found", message: "Not found" }, 404));
  if (options.webDir) app.route("/", webAppRoutes(options.webDir, { appUrl: deps.config.appUrl, readSession: deps.readSession }));

  app.onError((error, c) => {
    if (error instanceof Refusal) return c.json({ code: error.code, message: error.message, ...error.extra }, error.status);
    if (error instanceof HTTPException) {
      // Hono's own 4xx (malformed JSON, for one) get the same JSON shape as ours.
      return c.json({ code: "bad_request", message: error.message || "Bad request" }, error.status);
    }
    deps.logger.error(`${c.req.method} ${c.req.path} failed`, error);
    return c.json({ code: "internal_error", message: "Something went wrong on our side. Please try again." }, 500);
  });
  return app;
}
