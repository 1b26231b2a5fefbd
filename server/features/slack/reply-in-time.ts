// Slack waits three seconds for the answer to a command, a button or a form, then tells the person it failed. Holdup
// answers a command or a button within 100 ms of reading it, whatever its load (Slack's own advice: acknowledge at once, answer
// after): with the work's answer when it is ready by then — it usually takes a few milliseconds — else with an empty
// acknowledgement, the answer following through the request's response_url. A form's answer (its errors) cannot
// follow later, so a form gets Slack's whole deadline, less a margin.
import { setTimeout as delay } from "node:timers/promises";
import type { Logger } from "../../logger.ts";
import { ephemeral, type SlackReply } from "./slack-messages.ts";

/** Commands, buttons and events: acknowledged by then, answered after if need be. */
export const ACK_DEADLINE_MS = 100;
/** Forms (view_submission), whose errors are the HTTP answer. */
export const FORM_DEADLINE_MS = 2_500;
export const FAILED_REPLY = ephemeral("Something went wrong on Holdup's side, and nothing was changed. Please try again.");

/** Posts a later answer to a response_url: only to Slack's (or the stand-in's, SLACK_API_URL), never anywhere a body names. */
export async function postToResponseUrl(allowedOrigins: readonly string[], responseUrl: string, reply: SlackReply) {
  if (!allowedOrigins.includes(new URL(responseUrl).origin)) throw new Error("The response_url is not Slack's");
  const answer = await fetch(responseUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(reply), signal: AbortSignal.timeout(10_000) });
  if (!answer.ok) throw new Error(`Slack's response_url answered ${answer.status}`);
}

/**
 * Slack's work is done one request at a time, each started from the event loop's check phase (setImmediate). With
 * PGlite the database runs on the server's own thread: a burst of commands worked on side by side would hold the
 * event loop for the whole burst, and the 200 ms acknowledgements with it (the benchmark saw seconds). In turn, the
 * loop gets back between requests, its timers fire, and every request is answered in time; the work follows.
 */
const waiting: (() => Promise<void>)[] = [];
let working = false;
function workNext() {
  if (working) return;
  const next = waiting.shift();
  if (!next) return;
  working = true;
  setImmediate(() => {
    void next().finally(() => {
      working = false;
      workNext();
    });
  });
}
function inTurn<T>(work: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    waiting.push(() => work().then(resolve, reject));
    workNext();
  });
}

export type SlackReplyDeps = { logger: Logger; responseOrigins: readonly string[] };

/**
 * The work's result if it is done within the deadline; else undefined, and `late` gets the result when it comes.
 * A failure is logged and becomes `failed`.
 */
export async function withinDeadline<T>(deps: Pick<SlackReplyDeps, "logger">, work: () => Promise<T>, failed: T, options: { deadlineMs: number; late?: (result: T) => Promise<void> }): Promise<T | undefined> {
  const late = options.late ?? (async () => undefined);
  const done = inTurn(work).catch((error: unknown) => {
    deps.logger.error("Answering Slack failed", error);
    return failed;
  });
  const stopWaiting = new AbortController();
  const timeUp = delay(options.deadlineMs, undefined, { signal: stopWaiting.signal }).then(
    () => "late" as const,
    () => "late" as const,
  );
  const first = await Promise.race([done.then((result) => ({ result })), timeUp]);
  stopWaiting.abort();
  if (first !== "late") return first.result;
  const finishing = done.then(late).catch((error: unknown) => deps.logger.warn("A late answer to Slack could not be given", error));
  lateWork.add(finishing);
  void finishing.finally(() => lateWork.delete(finishing));
  return undefined;
}

/** Work that went on after Slack was answered: a stopping server waits for it before closing the database. */
const lateWork = new Set<Promise<unknown>>();
export const finishLateSlackWork = async () => {
  await Promise.all(lateWork);
};

/** A command's answer within the deadline; else undefined (an empty acknowledgement), and the answer through the response_url after. */
export async function replyInTime(deps: SlackReplyDeps, responseUrl: string, work: () => Promise<SlackReply>): Promise<SlackReply | undefined> {
  return withinDeadline(deps, work, FAILED_REPLY, { deadlineMs: ACK_DEADLINE_MS, late: (late) => postToResponseUrl(deps.responseOrigins, responseUrl, late) });
}
