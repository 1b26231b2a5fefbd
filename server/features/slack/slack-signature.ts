// Every request from Slack carries its signature (v0: an HMAC-SHA256 of `v0:timestamp:body` under the app's signing
// secret), which is its only authentication: it has no session and no browser Origin. Checked here before anything
// is read from the body, with Bolt's verifySlackRequest (a constant-time compare) against the app's clock; a bad,
// stale or missing signature is a 401 that changes nothing. Bolt only refuses timestamps more than five minutes
// old; one more than five minutes ahead is refused here too (the tolerance is five minutes either way). A client
// whose requests keep failing the check is refused for a while (429) before anything is checked: 30 failures in 15
// minutes. Slack's own requests never fail it, so nobody real is slowed; the count is kept in memory, per instance,
// because a signature cannot be guessed anyway — the limit only spares the server the work (decision 035).
import { verifySlackRequest } from "@slack/bolt";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { Clock } from "../../http/app-env.ts";
import { Refusal } from "../../http/refusal.ts";

export type SlackEnv = { Variables: { slackBody: string } };

const TOLERANCE_SECONDS = 5 * 60;
const notFromSlack = (reason: string) => new Refusal(401, "slack_signature_invalid", `This request is not signed by Slack: ${reason}`);

const FAILURES_ALLOWED = 30;
const FAILURE_WINDOW_MS = 15 * 60_000;
/** The most clients whose failures are remembered: beyond, the oldest are forgotten (memory stays bounded). */
const CLIENTS_REMEMBERED = 10_000;

/** Failed signature checks per client, in memory: whether a client is refused now, and for how long. */
export function createSignatureFailures(clock: Clock) {
  const failures = new Map<string, number[]>();
  const recent = (key: string, now: number) => (failures.get(key) ?? []).filter((at) => at > now - FAILURE_WINDOW_MS);
  return {
    /** Seconds until the client may try again; 0 when it may now. */
    waitFor(key: string): number {
      const now = clock.now().getTime();
      const times = recent(key, now);
      if (times.length < FAILURES_ALLOWED) return 0;
      return Math.max(1, Math.ceil(((times[0] ?? now) + FAILURE_WINDOW_MS - now) / 1000));
    },
    failed(key: string) {
      const now = clock.now().getTime();
      const times = [...recent(key, now), now];
      failures.delete(key); // set again below, as the newest: the oldest clients are the ones forgotten
      failures.set(key, times);
      if (failures.size > CLIENTS_REMEMBERED) failures.delete(failures.keys().next().value ?? "");
    },
  };
}
export type SignatureFailures = ReturnType<typeof createSignatureFailures>;

/** `signingSecret` is read per request: undefined when Slack is not configured (the route then answers 404). */
export const requireSlackSignature = (signingSecret: string, clock: Clock, guard: { failures: SignatureFailures; clientOf: (c: Context) => string }) =>
  createMiddleware<SlackEnv>(async (c, next) => {
    const client = guard.clientOf(c);
    const wait = guard.failures.waitFor(client);
    if (wait > 0) {
      c.header("Retry-After", String(wait));
      return c.json({ code: "too_many_requests", message: `Too many requests that were not signed by Slack. Try again in ${Math.ceil(wait / 60)} minutes.`, retryAfter: wait }, 429);
    }
    try {
      await checkSignature(c, signingSecret, clock);
    } catch (error) {
      guard.failures.failed(client);
      throw error;
    }
    await next();
  });

async function checkSignature(c: Context<SlackEnv>, signingSecret: string, clock: Clock) {
  const signature = c.req.header("x-slack-signature");
  const timestampHeader = c.req.header("x-slack-request-timestamp");
  if (!signature || !timestampHeader) throw notFromSlack("the X-Slack-Signature or X-Slack-Request-Timestamp header is missing");
  const timestamp = /^\d{1,12}$/.test(timestampHeader) ? Number(timestampHeader) : Number.NaN;
  const nowSeconds = Math.floor(clock.now().getTime() / 1000);
  if (!Number.isFinite(timestamp) || Math.abs(nowSeconds - timestamp) > TOLERANCE_SECONDS) throw notFromSlack("the timestamp is not within five minutes of now");
  const body = await c.req.text();
  try {
    verifySlackRequest({ signingSecret, body, headers: { "x-slack-signature": signature, "x-slack-request-timestamp": timestamp }, nowMilliseconds: clock.now().getTime() });
  } catch {
    throw notFromSlack("the signature does not match");
  }
  c.set("slackBody", body);
}
