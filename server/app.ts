// Builds the HTTP application from the feature routers. No logic of its own beyond cross-cutting middleware.
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { authRoutes, DEVICE_GRANT_PATHS } from "./auth/routes.ts";
import { billingRoutes, STRIPE_WEBHOOK_PATH } from "./features/billing/routes.ts";
import { blockerRoutes } from "./features/blockers/routes.ts";
import { notificationRoutes } from "./features/notifications/routes.ts";
import { peopleRoutes } from "./features/people/routes.ts";
import { emailLinkRoutes, ONE_CLICK_UNSUBSCRIBE_PATH } from "./features/email-links/routes.ts";
import { deliveryHealth } from "./features/reminders/delivery-health.ts";
import { reminderRoutes } from "./features/reminders/routes.ts";
import { searchRoutes } from "./features/search/routes.ts";
import { SLACK_REQUEST_PATHS, slackRoutes } from "./features/slack/routes.ts";
import { liveEventRoutes } from "./realtime/routes.ts";
import { counterRoutes } from "./features/counters/routes.ts";
import { dashboardRoutes } from "./features/dashboard/routes.ts";
import { insightRoutes } from "./features/insights/routes.ts";
import { apiKeyRoutes } from "./features/api-keys/routes.ts";
import { mcpRoutes } from "./features/mcp/routes.ts";
import { openApiDocument } from "./features/public-api/openapi-document.ts";
import { KEY_AUTHENTICATED_PATHS, publicApiRoutes } from "./features/public-api/routes.ts";
import { invitationRoutes } from "./features/invitations/routes.ts";
import { joinRoutes } from "./features/invitations/join-routes.ts";
import { onboardingRoutes } from "./features/onboarding/routes.ts";
import { accountRoutes } from "./features/account/routes.ts";
import { AVATAR_UPLOAD_PATH, avatarRoutes, profileRoutes } from "./features/profile/routes.ts";
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from "../common/avatar.ts";
import { supportRoutes } from "./features/support/routes.ts";
import { teamRoutes, teamsRoutes } from "./features/team/routes.ts";
import { webhookRoutes } from "./features/webhooks/routes.ts";
import { GITHUB_WEBHOOK_PATHS, githubRoutes, githubWebhookRoutes } from "./features/github/routes.ts";
import type { AppDependencies } from "./http/app-env.ts";
import { compressAnswers } from "./http/compression.ts";
import { closeAfterEarlyAnswers } from "./http/early-answers.ts";
import { refuseOversizedBodies } from "./http/oversized-body.ts";
import { Refusal } from "./http/refusal.ts";
import { requireSameOrigin } from "./http/same-origin.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { webAppRoutes } from "./http/web-app.ts";

export const MAX_BODY_BYTES = 1024 * 1024;

function apiRoutes(deps: AppDependencies) {
  const publicApi = publicApiRoutes(deps);
  return new Hono()
    // Always 200 while the server answers; a mail server that refuses Holdup's e-mails is reported, not fatal.
    .get("/health", async (c) => c.json({ ok: true, deliveries: await deliveryHealth(deps.db, deps.clock.now()) }))
    .route("/auth", authRoutes(deps))
    .route("/profile", profileRoutes(deps))
    .route("/avatars", avatarRoutes(deps))
    .route("/account", accountRoutes(deps))
    .route("/team/webhooks", webhookRoutes(deps))
    .route("/team/github", githubRoutes(deps))
    .route("/team", teamRoutes(deps))
    .route("/teams", teamsRoutes(deps))
    .route("/counters", counterRoutes(deps))
    .route("/dashboard", dashboardRoutes(deps))
    .route("/blockers", blockerRoutes(deps))
    .route("/notifications", notificationRoutes(deps))
    .route("/people", peopleRoutes(deps))
    .route("/search", searchRoutes(deps))
    .route("/insights", insightRoutes(deps))
    .route("/events", liveEventRoutes(deps))
    .route("/onboarding", onboardingRoutes(deps))
    .route("/invitations", invitationRoutes(deps))
    .route("/join", joinRoutes(deps))
    .route("/support", supportRoutes(deps))
    .route("/billing", billingRoutes(deps))
    .route("/reminders", reminderRoutes(deps))
    .route("/email-links", emailLinkRoutes(deps))
    .route("/slack", slackRoutes(deps))
    .route("/integrations/github/webhook", githubWebhookRoutes(deps))
    .route("/api-keys", apiKeyRoutes(deps))
    .route("/mcp", mcpRoutes(deps))
    // Before the API's own routes, which all ask for a key: the description is for anyone.
    .get("/v1/openapi.json", (c) => c.json(openApiDocument(publicApi, deps.config.appUrl)))
    .route("/v1", publicApi);
}

/** The API's type, for the web app's typed client (`hc<ApiType>`). */
export type ApiType = ReturnType<typeof apiRoutes>;

export function createApp(deps: AppDependencies, options: { webDir?: string } = {}) {
  const app = new Hono();
  app.use(closeAfterEarlyAnswers());
  app.use(securityHeaders({ appUrl: deps.config.appUrl }));
  app.use("/api/*", refuseOversizedBodies(MAX_BODY_BYTES, { larger: { [AVATAR_UPLOAD_PATH]: AVATAR_MAX_BYTES } }));
  app.use("/api/*", requireSameOrigin(deps.config.appUrl, { except: [STRIPE_WEBHOOK_PATH, ONE_CLICK_UNSUBSCRIBE_PATH, ...SLACK_REQUEST_PATHS, ...GITHUB_WEBHOOK_PATHS], keyAuthenticated: [...KEY_AUTHENTICATED_PATHS, ...DEVICE_GRANT_PATHS], bodyTypes: { [AVATAR_UPLOAD_PATH]: AVATAR_TYPES } }));
  app.use("/api/*", compressAnswers());
  app.route("/api", apiRoutes(deps));
  app.all("/api/*", (c) => c.json({ code: "not_found", message: "Not found" }, 404));
  if (options.webDir) app.route("/", webAppRoutes(options.webDir, { appUrl: deps.config.appUrl, readSession: deps.readSession, productAnalytics: deps.config.productAnalytics, signedInPages: deps }));

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
