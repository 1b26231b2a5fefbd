// "Add to Slack": Slack's OAuth v2 through @slack/oauth's InstallProvider (decision 035). The provider keeps its own
// CSRF guard (a state cookie in the browser that started, compared with the state Slack sends back); Holdup adds
// what the provider cannot know: the state is signed with Holdup's secret, expires after ten minutes by the app's
// clock, and names the team and the admin who started, so the callback only connects for that same person, still
// an owner or admin of that team.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { InstallProvider, type Installation, type InstallURLOptions, type StateStore } from "@slack/oauth";
import { z } from "zod";
import type { SlackConfig } from "../../config.ts";
import type { Clock } from "../../http/app-env.ts";
import type { Logger } from "../../logger.ts";
import { slackClientOptions, slackLoggerOf } from "./slack-sdk.ts";

/** What Holdup asks of a workspace (slack/manifest.json lists the same). */
export const SLACK_BOT_SCOPES = ["commands", "chat:write", "im:write", "im:history", "users:read", "users:read.email", "team:read", "app_mentions:read", "links:read", "links:write"] as const;

const STATE_LIFETIME_MS = 10 * 60_000;
export const SLACK_CALLBACK_PATH = "/api/slack/oauth/callback";

/** Who started connecting, carried through Slack in the signed state. */
export const installerSchema = z.object({ teamId: z.string().min(1).max(100), profileId: z.uuid() });
export type Installer = z.infer<typeof installerSchema>;

/** A state that Holdup alone could have made: its content, its expiry and an HMAC over both. */
function signedStateStore(secret: string, clock: Clock): StateStore {
  const key = createHmac("sha256", secret).update("slack oauth state").digest();
  const sign = (payload: string) => createHmac("sha256", key).update(payload).digest("base64url");
  return {
    async generateStateParam(installOptions) {
      const payload = Buffer.from(JSON.stringify({ options: installOptions, expiresAt: clock.now().getTime() + STATE_LIFETIME_MS, nonce: randomBytes(8).toString("hex") })).toString("base64url");
      return `${payload}.${sign(payload)}`;
    },
    async verifyStateParam(_wallClock, state) {
      const [payload = "", signature = ""] = state.split(".");
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new Error("The state was not made by this Holdup");
      const { options, expiresAt } = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { options: InstallURLOptions; expiresAt: number };
      if (clock.now().getTime() > expiresAt) throw new Error("The state has expired");
      return options;
    },
  };
}

export type StoreInstallation = (installation: Installation<"v1" | "v2", boolean>) => Promise<void>;

export function createSlackInstaller(deps: { slack: SlackConfig; appUrl: string; secret: string; clock: Clock; logger: Logger; storeInstallation: StoreInstallation }) {
  const provider = new InstallProvider({
    clientId: deps.slack.clientId,
    clientSecret: deps.slack.clientSecret,
    authorizationUrl: deps.slack.authorizeUrl,
    stateStore: signedStateStore(deps.secret, deps.clock),
    stateCookieName: "holdup-slack-oauth-state",
    directInstall: true,
    installationStore: {
      storeInstallation: (installation) => deps.storeInstallation(installation),
      // Holdup reads its workspaces itself (slack-workspaces.ts); the provider only stores through this.
      fetchInstallation: () => Promise.reject(new Error("Not used: Holdup reads installations from slack_workspaces")),
      deleteInstallation: () => Promise.resolve(),
    },
    logger: slackLoggerOf(deps.logger),
    clientOptions: slackClientOptions(deps.slack, deps.logger),
  });
  const installOptionsFor = (installer: Installer): InstallURLOptions => ({ scopes: [...SLACK_BOT_SCOPES], redirectUri: `${deps.appUrl}${SLACK_CALLBACK_PATH}`, metadata: JSON.stringify(installer) });
  return { provider, installOptionsFor };
}

export type SlackInstaller = ReturnType<typeof createSlackInstaller>;

/** The installer named in the state's metadata, or undefined when it is not one Holdup wrote. */
export function installerOf(options: InstallURLOptions | undefined): Installer | undefined {
  try {
    const parsed = installerSchema.safeParse(JSON.parse(options?.metadata ?? ""));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
