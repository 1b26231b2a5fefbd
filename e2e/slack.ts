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

/**
 * Sends a slash command and answers what Slack would show: Holdup's HTTP answer, or — when it acknowledged first,
 * being busy — what it then posted to the command's response_url (the stand-in's), waited for.
 */
export async function commandReply(request: APIRequestContext, baseURL: string, form: string): Promise<string> {
  const answer = await postAsSlack(request, baseURL, "/api/slack/commands", form);
  if (answer.status() !== 200) throw new Error(`the command was answered ${answer.status()}`);
  const text = await answer.text();
  if (text !== "") return (JSON.parse(text) as { text: string }).text;
  const path = new URL(new URLSearchParams(form).get("response_url") ?? "").pathname;
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    const posted = (await slackCalls(request, "response_url")).calls.find((call) => call.args.url === path);
    if (posted) return String(posted.args.text);
    await new Promise((resolve) => setTimeout(resolve, 50)); // polling the stand-in, as expect.poll does
  }
  throw new Error(`nothing was posted to ${path}`);
}
