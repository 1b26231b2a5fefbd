// The Slack app's manifest (https://api.slack.com/reference/manifests): everything a self-hoster's Slack app needs —
// the /holdup command, the message shortcut, the events and interactivity URLs, the OAuth redirect and the scopes —
// with Holdup's URLs filled in from APP_URL. `npm run slack:manifest` prints it and writes slack/manifest.json; it is
// pasted into "Create New App → From a manifest" at api.slack.com/apps.
import { SLACK_BOT_SCOPES, SLACK_CALLBACK_PATH } from "./slack-installer.ts";

export const SLACK_COMMAND = "/holdup";
/** The message shortcut's callback id ("Log as blocker" on any message). */
export const LOG_MESSAGE_SHORTCUT = "holdup_log_message";
export const SLACK_BOT_EVENTS = ["app_home_opened", "app_mention", "app_uninstalled", "tokens_revoked", "link_shared", "message.im"] as const;

export function slackManifest(appUrl: string) {
  const base = appUrl.replace(/\/+$/, "");
  return {
    _metadata: { major_version: 2, minor_version: 1 },
    display_information: {
      name: "Holdup",
      description: "Log who you are waiting on, and get unblocked.",
      long_description:
        "Holdup tracks the moments work waits on someone: log a blocker with /holdup, and the people you wait on hear of it in Slack and by e-mail, with buttons to mark their part done, snooze or decline. Reminders follow each person's working hours until the blocker is done. Your two columns — Waiting on me, and I'm waiting on — are on the app's Home tab.",
      background_color: "#1f2937",
    },
    features: {
      app_home: { home_tab_enabled: true, messages_tab_enabled: true, messages_tab_read_only_enabled: false },
      bot_user: { display_name: "Holdup", always_online: true },
      slash_commands: [{ command: SLACK_COMMAND, url: `${base}/api/slack/commands`, description: "Log a blocker, or see what is waiting", usage_hint: "@bob @carol API spec for payments · list · help", should_escape: true }],
      shortcuts: [{ name: "Log as blocker", type: "message", callback_id: LOG_MESSAGE_SHORTCUT, description: "Log this message as a blocker in Holdup" }],
      unfurl_domains: [new URL(base).host],
    },
    oauth_config: { redirect_urls: [`${base}${SLACK_CALLBACK_PATH}`], scopes: { bot: [...SLACK_BOT_SCOPES] } },
    settings: {
      event_subscriptions: { request_url: `${base}/api/slack/events`, bot_events: [...SLACK_BOT_EVENTS] },
      interactivity: { is_enabled: true, request_url: `${base}/api/slack/interactions` },
      org_deploy_enabled: false,
      socket_mode_enabled: false,
      token_rotation_enabled: false,
    },
  };
}
