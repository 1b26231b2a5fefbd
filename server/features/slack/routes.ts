// /api/slack: what Slack posts (commands, interactions, events: signed by Slack, no session, no browser Origin), the
// OAuth install and its callback (an owner's or admin's browser), the team's connection as the integrations page
// shows it, and the connect link of a Slack user Holdup could not match.
import type { IncomingMessage, ServerResponse } from "node:http";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import type { Context } from "hono";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { paths } from "../../../common/paths.ts";
import { attemptLimits } from "../../auth/attempt-limits.ts";
import { requireSession } from "../../auth/require-session.ts";
import type { AppDependencies, AppEnv } from "../../http/app-env.ts";
import { findMember, requireMember } from "../../http/require-member.ts";
import { Refusal } from "../../http/refusal.ts";
import { clientKey } from "../../http/client-address.ts";
import { fieldErrorsOf, validate } from "../../http/validate.ts";
import { requireRoomForIntegration } from "../billing/integration-limit.ts";
import { previewConnectLink, useConnectLink } from "./connect-link.ts";
import { interactionSchema, receiveInteraction } from "./interactions.ts";
import { ACK_DEADLINE_MS, FORM_DEADLINE_MS, replyInTime, withinDeadline } from "./reply-in-time.ts";
import { receiveSlackEvent, slackEventSchema } from "./slack-events.ts";
import { createSlackInstaller, installerOf, type Installer } from "./slack-installer.ts";
import { createSignatureFailures, requireSlackSignature, type SlackEnv } from "./slack-signature.ts";
import { disconnectSlack, onlyAdminsManageSlack, saveInstallation, slackSummary, workspaceIcon, type SlackDeps } from "./slack-workspaces.ts";
import { runSlashCommand, slashCommandSchema } from "./slash-command.ts";
import { createTokenSeal } from "./token-seal.ts";

/** Slack posts these; their signature is their authentication, so the same-origin rule does not apply to them alone. */
export const SLACK_REQUEST_PATHS = ["/api/slack/commands", "/api/slack/interactions", "/api/slack/events"] as const;

const notConfigured = () => new Refusal(404, "slack_not_configured", "Slack is not set up on this server: ask whoever runs Holdup");

/** Node's request and response, which @slack/oauth's InstallProvider reads and writes itself. */
function nodeExchange(c: Context): { req: IncomingMessage; res: ServerResponse } {
  const env = c.env as { incoming?: IncomingMessage; outgoing?: ServerResponse } | undefined;
  if (!env?.incoming || !env.outgoing) throw new Refusal(400, "slack_install_unavailable", "Connecting Slack needs Holdup's own HTTP server");
  return { req: env.incoming, res: env.outgoing };
}

const redirect = (res: ServerResponse, location: string) => {
  res.writeHead(302, { location, "cache-control": "no-store" });
  res.end();
};

const connectTokenSchema = z.object({ token: z.string().min(1, "The link has no token").max(2000, "Not a valid link") });

export function slackRoutes(deps: AppDependencies) {
  const { answers, clock, config, db, logger, readSession, secret } = deps;
  const slack = config.slack;
  const seal = createTokenSeal(secret);
  const slackDeps = (): SlackDeps => {
    if (!slack) throw notConfigured();
    return { db, slack, seal, logger, appUrl: config.appUrl };
  };
  const responseOrigins = slack ? ["https://hooks.slack.com", new URL(slack.apiUrl).origin] : [];
  const integrationsPage = (teamId: string, outcome: string) => `${config.appUrl}${paths.organizationIntegrations}?${new URLSearchParams({ team: teamId, slack: outcome }).toString()}`;

  const installer = slack
    ? createSlackInstaller({ slack, appUrl: config.appUrl, secret, clock, logger, storeInstallation: async (installation) => {
        const by = installerOf({ scopes: [], metadata: installation.metadata });
        if (!by) throw new Refusal(400, "slack_state_invalid", "This connection was not started from Holdup");
        await saveInstallation(slackDeps(), by, installation, clock.now());
      } })
    : undefined;

  // Each group's guards are given per route: a middleware `use`d on a sub-app would guard its siblings too.
  const signatureGuard = { failures: createSignatureFailures(clock), clientOf: (c: Context) => clientKey(deps.clientAddressOf(c), secret) };
  const signedBySlack = createMiddleware<SlackEnv>(async (c, next) => {
    if (!slack) throw notConfigured();
    return requireSlackSignature(slack.signingSecret, clock, signatureGuard)(c, next);
  });
  // A connect link's token is a secret: wrong ones are counted as wrong codes are (server/auth/attempt-limits.ts).
  const { code: limitWrongLinks } = attemptLimits(deps);
  const member = [requireSession(readSession), requireMember({ db, answers })] as const;

  return new Hono<AppEnv & SlackEnv>()
    .post("/commands", signedBySlack, async (c) => {
      const command = slashCommandSchema.safeParse(Object.fromEntries(new URLSearchParams(c.get("slackBody"))));
      if (!command.success) return c.json({ code: "validation_failed", message: "Not a slash command Holdup knows", fields: fieldErrorsOf(command.error) }, 400);
      const commandDeps = { ...deps, ...slackDeps() };
      const reply = await replyInTime({ logger, responseOrigins }, command.data.response_url, () => runSlashCommand(commandDeps, command.data, clock.now()));
      return reply ? c.json(reply, 200) : c.body(null, 200);
    })
    .post("/interactions", signedBySlack, async (c) => {
      const payload = new URLSearchParams(c.get("slackBody")).get("payload");
      let body: unknown;
      try {
        body = JSON.parse(payload ?? "");
      } catch {
        throw new Refusal(400, "validation_failed", "The interaction has no JSON payload", { fields: { payload: ["Expected a JSON object"] } });
      }
      const interaction = interactionSchema.safeParse(body);
      if (!interaction.success) return c.json({ code: "validation_failed", message: "Not an interaction Holdup knows", fields: fieldErrorsOf(interaction.error) }, 400);
      const interactionDeps = { ...deps, ...slackDeps(), responseOrigins };
      // A button is acknowledged at once, its work going on after if need be: the person sees it in the message it
      // updates. A form's errors are its answer: it is given Slack's whole deadline.
      const isForm = (interaction.data as { type: string }).type === "view_submission";
      const answer = await withinDeadline({ logger }, () => receiveInteraction(interactionDeps, interaction.data, clock.now()), undefined, { deadlineMs: isForm ? FORM_DEADLINE_MS : ACK_DEADLINE_MS });
      return answer ? c.json(answer, 200) : c.body(null, 200);
    })
    .post("/events", signedBySlack, async (c) => {
      let body: unknown;
      try {
        body = JSON.parse(c.get("slackBody"));
      } catch {
        throw new Refusal(400, "validation_failed", "The event is not JSON", { fields: { body: ["Expected a JSON object"] } });
      }
      const event = slackEventSchema.safeParse(body);
      if (!event.success) return c.json({ code: "validation_failed", message: "Not an event Holdup knows", fields: fieldErrorsOf(event.error) }, 400);
      // Slack's URL check is answered with its challenge, whatever the load (it touches nothing).
      if ("challenge" in event.data && event.data.type === "url_verification") return c.json({ ok: true as const, challenge: String(event.data.challenge) }, 200);
      // Slack retries an event not acknowledged within three seconds: past them the work goes on, acknowledged.
      const eventDeps = { ...deps, ...slackDeps() };
      const answer = await withinDeadline<Awaited<ReturnType<typeof receiveSlackEvent>> | "failed">({ logger }, () => receiveSlackEvent(eventDeps, event.data, clock.now()), "failed", { deadlineMs: ACK_DEADLINE_MS });
      // A failure within the deadline asks Slack to deliver the event again (it retries what is not a 2xx).
      if (answer === "failed") return c.json({ code: "try_again", message: "The event could not be applied; Slack will deliver it again" }, 503);
      return c.json(answer ?? { ok: true as const }, 200);
    })
    .get("/", ...member, async (c) => c.json(await slackSummary({ db, slack }, c.get("member")), 200))
    // "Add to Slack": a page the browser navigates to (?team= names the team), which sends it on to Slack's consent.
    .get("/install", ...member, async (c) => {
      const viewer = c.get("member");
      if (!installer) throw notConfigured();
      if (!viewer.isAdmin) throw onlyAdminsManageSlack();
      await requireRoomForIntegration({ db, config }, viewer.teamId);
      const { req, res } = nodeExchange(c);
      const by: Installer = { teamId: viewer.teamId, profileId: viewer.profileId };
      await installer.provider.handleInstallPath(req, res, undefined, installer.installOptionsFor(by));
      return RESPONSE_ALREADY_SENT;
    })
    .get("/icon", ...member, async (c) => {
      const icon = await workspaceIcon(db, c.get("member"));
      if (!icon) throw new Refusal(404, "slack_icon_not_found", "This team's Slack workspace has no icon");
      return c.body(icon.body, 200, { "content-type": icon.type, "cache-control": "private, max-age=86400", "x-content-type-options": "nosniff" });
    })
    .delete("/", ...member, async (c) => c.json(await disconnectSlack(slackDeps(), c.get("member")), 200))
    // Slack sends the admin's browser back here. The state names who started; only they, still an owner or admin
    // of that team, may finish. Every outcome lands on the integrations page, which says how it went.
    .get("/oauth/callback", requireSession(readSession), async (c) => {
      if (!installer) throw notConfigured();
      const { req, res } = nodeExchange(c);
      const userId = c.get("user").id;
      await installer.provider.handleCallback(req, res, {
        beforeInstallation: async (options) => {
          const by = installerOf(options);
          const viewer = by ? await findMember(db, userId, by.teamId) : undefined;
          if (!by || !viewer || viewer.profileId !== by.profileId || !viewer.isAdmin) {
            redirect(res, `${config.appUrl}${paths.organizationIntegrations}?slack=not_allowed`);
            return false;
          }
          return true;
        },
        successAsync: async (_installation, options) => redirect(res, integrationsPage(installerOf(options)?.teamId ?? "", "connected")),
        failureAsync: async (error, options) => {
          const by = installerOf(options);
          const reason = error.code === "slack_workspace_taken" ? "taken" : error.code === "slack_oauth_installer_authorization_error" ? "cancelled" : "failed";
          if (reason === "failed") logger.warn("Connecting Slack failed", error);
          redirect(res, by ? integrationsPage(by.teamId, reason) : `${config.appUrl}${paths.organizationIntegrations}?slack=${reason}`);
        },
      });
      return RESPONSE_ALREADY_SENT;
    })
    .get("/connect", requireSession(readSession), limitWrongLinks, validate("query", connectTokenSchema), async (c) => c.json(await previewConnectLink({ ...slackDeps(), secret }, c.get("user").id, c.req.valid("query").token, clock.now()), 200))
    .post("/connect", requireSession(readSession), limitWrongLinks, validate("json", connectTokenSchema), async (c) => c.json(await useConnectLink({ db, secret }, c.get("user").id, c.req.valid("json").token, clock.now()), 200));
}
