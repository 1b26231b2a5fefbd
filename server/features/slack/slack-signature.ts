// Every request from Slack carries its signature (v0: an HMAC-SHA256 of `v0:timestamp:body` under the app's signing
// secret), which is its only authentication: it has no session and no browser Origin. Checked here before anything
// is read from the body, with Bolt's verifySlackRequest (a constant-time compare) against the app's clock; a bad,
// stale or missing signature is a 401 that changes nothing. Bolt only refuses timestamps more than five minutes
// old; one more than five minutes ahead is refused here too (the tolerance is five minutes either way).
import { verifySlackRequest } from "@slack/bolt";
import { createMiddleware } from "hono/factory";
import type { Clock } from "../../http/app-env.ts";
import { Refusal } from "../../http/refusal.ts";

export type SlackEnv = { Variables: { slackBody: string } };

const TOLERANCE_SECONDS = 5 * 60;
const notFromSlack = (reason: string) => new Refusal(401, "slack_signature_invalid", `This request is not signed by Slack: ${reason}`);

/** `signingSecret` is read per request: undefined when Slack is not configured (the route then answers 404). */
export const requireSlackSignature = (signingSecret: string, clock: Clock) =>
  createMiddleware<SlackEnv>(async (c, next) => {
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
    await next();
  });
