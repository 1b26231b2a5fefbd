// Slack, as the browser tests see it: the stand-in the e2e server talks to (e2e/serve.ts), reached from this process
// through its test-only paths, and requests to Holdup signed as Slack signs them.
import type { APIRequestContext } from "@playwright/test";
import { interactionForm, slackSignature, type SlackCall, type SlackUser } from "../server/test/slack-stand-in.ts";

const standInUrl = `http://127.0.0.1:${process.env.E2E_SLACK_PORT ?? 3103}`;

export async function addSlackUser(request: APIRequestContext, user: Omit<SlackUser, "id">): Promise<SlackUser> {
  return (await (await request.post(`${standInUrl}/_test/users`, { data: user })).json()) as SlackUser;
}

export async function slackCalls(request: APIRequestContext, method: string): Promise<{ workspace: { id: string; domain: string }; calls: SlackCall[] }> {
  return (await (await request.get(`${standInUrl}/_test/calls?method=${encodeURIComponent(method)}`)).json()) as { workspace: { id: string; domain: string }; calls: SlackCall[] };
}

/** Posts a form to one of Holdup's Slack URLs, signed with the e2e server's signing secret, now. */
export async function postAsSlack(request: APIRequestContext, baseURL: string, path: string, form: string) {
  const timestamp = Math.floor(Date.now() / 1000);
  return request.post(`${baseURL}${path}`, { headers: { "content-type": "application/x-www-form-urlencoded", "x-slack-request-timestamp": String(timestamp), "x-slack-signature": slackSignature(form, timestamp) }, data: form });
}

export { interactionForm };
