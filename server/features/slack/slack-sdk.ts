// What the Slack SDKs share in Holdup: where they send Web API calls (SLACK_API_URL: Slack, or the tests' stand-in),
// how they retry (a `ratelimited` answer waits for its Retry-After, other failures are tried again a few times), and
// Holdup's logger in place of theirs, so a token or a message text never reaches the log through them.
import { LogLevel, type Logger as SlackLogger } from "@slack/logger";
import { WebClient, type WebClientOptions } from "@slack/web-api";
import type { SlackConfig } from "../../config.ts";
import type { Logger } from "../../logger.ts";

export function slackLoggerOf(logger: Logger): SlackLogger {
  let level = LogLevel.WARN;
  return {
    debug: () => undefined,
    info: () => undefined,
    warn: (...message: unknown[]) => logger.warn(`Slack: ${message.map(String).join(" ").slice(0, 300)}`),
    error: (...message: unknown[]) => logger.error(`Slack: ${message.map(String).join(" ").slice(0, 300)}`),
    setLevel: (next) => void (level = next),
    getLevel: () => level,
    setName: () => undefined,
  };
}

/** The options every Web API client of Holdup's is made with. */
export function slackClientOptions(slack: SlackConfig, logger: Logger): WebClientOptions {
  return {
    slackApiUrl: slack.apiUrl,
    logger: slackLoggerOf(logger),
    // A ratelimited call is waited for (Retry-After) and tried again; a command's 3 seconds are kept by answering
    // first and calling Slack after (decision 035). Failures other than Slack's own answers are tried twice more.
    rejectRateLimitedCalls: false,
    retryConfig: { retries: 2, factor: 2, minTimeout: 200, maxTimeout: 2_000 },
    timeout: 10_000,
  };
}

export const slackClient = (slack: SlackConfig, logger: Logger, token?: string) => new WebClient(token, slackClientOptions(slack, logger));
