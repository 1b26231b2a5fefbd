import { queryOptions } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { teamKeys } from "@/web/features/team/api/team";
import { api, unwrap } from "@/web/lib/api-client";
import { currentTeamId } from "@/web/lib/current-team";

/** Under the team's key: switching teams reads it again. */
export const slackKeys = { all: [...teamKeys.all, "slack"] as const };
export type SlackConnection = InferResponseType<typeof api.slack.$get, 200>;

export const slackQueryOptions = () => queryOptions({ queryKey: slackKeys.all, queryFn: () => unwrap(api.slack.$get()) });
export const disconnectSlack = () => unwrap(api.slack.$delete());

/** "Add to Slack" is a page the browser goes to (it goes on to Slack's consent): it names this tab's team itself. */
export const slackInstallHref = () => {
  const team = currentTeamId();
  return `/api/slack/install${team ? `?${new URLSearchParams({ team }).toString()}` : ""}`;
};

export const connectLinkQueryOptions = (token: string) => queryOptions({ queryKey: ["slack-connect", token], queryFn: () => unwrap(api.slack.connect.$get({ query: { token } })), retry: false });
export const confirmConnectLink = (token: string) => unwrap(api.slack.connect.$post({ json: { token } }));

/** How the last "Add to Slack" ended, as the server's redirect says (?slack=). */
export const slackOutcomes = ["connected", "cancelled", "taken", "failed", "not_allowed"] as const;
export type SlackOutcome = (typeof slackOutcomes)[number];
