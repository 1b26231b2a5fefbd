// Slack waits three seconds for the answer to a command, a button or a form, then tells the person it failed.
// Holdup's work usually takes a few milliseconds, but can wait on Slack itself (who is this user?): past 2.5 seconds
// Slack is answered anyway, and the work goes on — a command's real answer then follows through its response_url.
import { setTimeout as delay } from "node:timers/promises";
import type { Logger } from "../../logger.ts";
import { ephemeral, type SlackReply } from "./slack-messages.ts";

export const REPLY_DEADLINE_MS = 2_500;
export const FAILED_REPLY = ephemeral("Something went wrong on Holdup's side, and nothing was changed. Please try again.");

/** Posts a later answer to a response_url: only to Slack's (or the stand-in's, SLACK_API_URL), never anywhere a body names. */
export async function postToResponseUrl(allowedOrigins: readonly string[], responseUrl: string, reply: SlackReply) {
  if (!allowedOrigins.includes(new URL(responseUrl).origin)) throw new Error("The response_url is not Slack's");
  const answer = await fetch(responseUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(reply), signal: AbortSignal.timeout(10_000) });
  if (!answer.ok) throw new Error(`Slack's response_url answered ${answer.status}`);
}

export type SlackReplyDeps = { logger: Logger; responseOrigins: readonly string[] };

/**
 * The work's result if it is done within the deadline; else undefined, and `late` gets the result when it comes.
 * A failure is logged and becomes `failed`.
 */
export async function withinDeadline<T>(deps: Pick<SlackReplyDeps, "logger">, work: () => Promise<T>, failed: T, late: (result: T) => Promise<void> = async () => undefined): Promise<T | undefined> {
  const done = work().catch((error: unknown) => {
    deps.logger.error("Answering Slack failed", error);
    return failed;
  });
  const stopWaiting = new AbortController();
  const timeUp = delay(REPLY_DEADLINE_MS, undefined, { signal: stopWaiting.signal }).then(
    () => "late" as const,
    () => "late" as const,
  );
  const first = await Promise.race([done.then((result) => ({ result })), timeUp]);
  stopWaiting.abort();
  if (first !== "late") return first.result;
  void done.then(late).catch((error: unknown) => deps.logger.warn("A late answer to Slack could not be given", error));
  return undefined;
}

/** A command's answer within the deadline, or "Working on it…" and the answer through the response_url after. */
export async function replyInTime(deps: SlackReplyDeps, responseUrl: string, work: () => Promise<SlackReply>): Promise<SlackReply> {
  const reply = await withinDeadline(deps, work, FAILED_REPLY, (late) => postToResponseUrl(deps.responseOrigins, responseUrl, late));
  return reply ?? ephemeral("Working on it…");
}
