// Slack waits three seconds for the answer to a command or a button, then tells the person it failed. Holdup's work
// usually takes a few milliseconds, but can wait on Slack itself (who is this user?): past 2.5 seconds the answer is
// "Working on it…", and the real one follows through the request's response_url when the work is done.
import { setTimeout as delay } from "node:timers/promises";
import type { Logger } from "../../logger.ts";
import { ephemeral, type SlackReply } from "./slack-messages.ts";

export const REPLY_DEADLINE_MS = 2_500;
const FAILED = ephemeral("Something went wrong on Holdup's side, and nothing was changed. Please try again.");

/** Posts a later answer to a response_url: only to Slack's (or the stand-in's, SLACK_API_URL), never anywhere a body names. */
export async function postToResponseUrl(allowedOrigins: readonly string[], responseUrl: string, reply: SlackReply) {
  if (!allowedOrigins.includes(new URL(responseUrl).origin)) throw new Error("The response_url is not Slack's");
  const answer = await fetch(responseUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(reply), signal: AbortSignal.timeout(10_000) });
  if (!answer.ok) throw new Error(`Slack's response_url answered ${answer.status}`);
}

export async function replyInTime(deps: { logger: Logger; responseOrigins: readonly string[] }, responseUrl: string, work: () => Promise<SlackReply>): Promise<SlackReply> {
  const done = work().catch((error: unknown) => {
    deps.logger.error("A Slack command failed", error);
    return FAILED;
  });
  const stopWaiting = new AbortController();
  const late = delay(REPLY_DEADLINE_MS, undefined, { signal: stopWaiting.signal }).catch(() => undefined);
  const first = await Promise.race([done, late]);
  stopWaiting.abort();
  if (first) return first;
  void done.then((reply) => postToResponseUrl(deps.responseOrigins, responseUrl, reply)).catch((error: unknown) => deps.logger.warn("A late answer to Slack could not be posted", error));
  return ephemeral("Working on it…");
}
