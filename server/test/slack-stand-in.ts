// A stand-in for Slack, which cannot be reached from here: a local HTTP server speaking the Web API methods Holdup
// calls, with Slack's documented JSON (`ok: true` with the method's fields, `ok: false` with an `error`, HTTP 429 with
// Retry-After for `ratelimited`), recording every call; Slack's OAuth v2 consent page; and requests to Holdup signed
// as Slack signs them (v0: HMAC-SHA256 over `v0:timestamp:body` with the app's signing secret). The Slack SDKs
// reach it through SLACK_API_URL (their `slackApiUrl`).
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { BrowserLikeClient } from "./browser-like-client.ts";
import { keepIdleConnectionsLongerThanClients } from "../http/keep-alive.ts";

export type SlackUser = { id: string; name: string; realName: string; email: string; isBot?: boolean; deleted?: boolean };
export type SlackCall = { method: string; args: Record<string, unknown>; token: string | undefined; answer?: Record<string, unknown> };
type Failure = { method: string; error: string; times: number; retryAfterSeconds: number };

export const SLACK_TEST_CREDENTIALS = { clientId: "1111.2222", clientSecret: "slack-client-secret-for-tests", signingSecret: "slack-signing-secret-for-tests" };

/** A 1×1 PNG: the stand-in's workspace icon. */
const ICON_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

const idOf = (prefix: string) => `${prefix}${randomBytes(5).toString("hex").toUpperCase()}`;

async function bodyOf(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** The Web API takes form-encoded arguments (objects among them as JSON strings) or a JSON body. */
function argumentsOf(body: string, contentType: string): Record<string, unknown> {
  if (contentType.startsWith("application/json")) return body ? (JSON.parse(body) as Record<string, unknown>) : {};
  const args: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    try {
      args[key] = /^[[{]/.test(value) ? JSON.parse(value) : value;
    } catch {
      args[key] = value;
    }
  }
  return args;
}

/**
 * `port`: a fixed one (the e2e servers', which the browser tests reach from another process through two test-only
 * paths: POST /_test/users adds a person, GET /_test/calls?method= lists what Holdup called).
 */
export async function startSlackStandIn(options: { workspace?: { id?: string; name?: string }; users?: Omit<SlackUser, "id">[]; port?: number } = {}) {
  const workspace = { id: options.workspace?.id ?? idOf("T"), name: options.workspace?.name ?? "Acme Corp", domain: "acme" };
  const users: SlackUser[] = (options.users ?? []).map((user) => ({ ...user, id: idOf("U") }));
  const botUserId = idOf("U");
  const codes = new Map<string, { redirectUri: string | undefined; installerId: string }>();
  const tokens = new Map<string, { revoked: boolean }>();
  const calls: SlackCall[] = [];
  const failures: Failure[] = [];
  let messageCount = 0;
  let origin = "";
  let installerId = users[0]?.id ?? idOf("U");

  const json = (response: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
    response.end(JSON.stringify(value));
  };
  const userJson = (user: SlackUser) => ({
    id: user.id,
    team_id: workspace.id,
    name: user.name,
    real_name: user.realName,
    deleted: user.deleted ?? false,
    is_bot: user.isBot ?? false,
    is_email_confirmed: true,
    tz: "Europe/Berlin",
    profile: { email: user.email, real_name: user.realName, display_name: user.name, image_72: `https://avatars.example/${user.id}.png` },
  });

  /** Slack's answer to one Web API method, as its documentation gives it. */
  function answer(method: string, args: Record<string, unknown>, token: string | undefined): Record<string, unknown> {
    if (method === "oauth.v2.access") {
      const grant = codes.get(String(args.code));
      if (!grant || args.client_id !== SLACK_TEST_CREDENTIALS.clientId || args.client_secret !== SLACK_TEST_CREDENTIALS.clientSecret) return { ok: false, error: "invalid_code" };
      if (args.redirect_uri !== undefined && args.redirect_uri !== grant.redirectUri) return { ok: false, error: "bad_redirect_uri" };
      codes.delete(String(args.code));
      const accessToken = `xoxb-${randomBytes(12).toString("hex")}`;
      tokens.set(accessToken, { revoked: false });
      return { ok: true, app_id: "A0HOLDUP", access_token: accessToken, token_type: "bot", scope: "commands,chat:write,users:read,users:read.email", bot_user_id: botUserId, team: { id: workspace.id, name: workspace.name }, enterprise: null, is_enterprise_install: false, authed_user: { id: grant.installerId } };
    }
    if (!token || !tokens.has(token)) return { ok: false, error: "not_authed" };
    if (tokens.get(token)?.revoked) return { ok: false, error: "token_revoked" };
    switch (method) {
      case "auth.test":
        return { ok: true, url: `https://${workspace.domain}.slack.com/`, team: workspace.name, user: "holdup", team_id: workspace.id, user_id: botUserId, bot_id: "B0HOLDUP", is_enterprise_install: false };
      case "auth.revoke":
        tokens.set(token, { revoked: true });
        return { ok: true, revoked: true };
      case "team.info":
        return { ok: true, team: { id: workspace.id, name: workspace.name, domain: workspace.domain, icon: { image_68: `${origin}/icons/${workspace.id}-68.png`, image_132: `${origin}/icons/${workspace.id}-132.png` } } };
      case "users.info": {
        const user = users.find((candidate) => candidate.id === args.user);
        return user ? { ok: true, user: userJson(user) } : { ok: false, error: "user_not_found" };
      }
      case "users.lookupByEmail": {
        const user = users.find((candidate) => candidate.email.toLowerCase() === String(args.email).toLowerCase());
        return user ? { ok: true, user: userJson(user) } : { ok: false, error: "users_not_found" };
      }
      case "conversations.open":
        return { ok: true, channel: { id: `D${String(args.users).replace(/^U/, "")}` } };
      case "chat.postMessage":
        // Posting to a user id posts in the app's DM with them: Slack answers with that conversation's id.
        return { ok: true, channel: String(args.channel).replace(/^U/, "D"), ts: `${1_700_000_000 + ++messageCount}.000100`, message: { text: args.text, blocks: args.blocks } };
      case "chat.postEphemeral":
        return { ok: true, message_ts: `${1_700_000_000 + ++messageCount}.000200` };
      case "chat.update":
        return { ok: true, channel: args.channel, ts: args.ts, text: args.text };
      case "chat.getPermalink":
        return { ok: true, channel: args.channel, permalink: `https://${workspace.domain}.slack.com/archives/${String(args.channel)}/p${String(args.message_ts).replace(".", "")}` };
      case "views.open":
      case "views.publish":
      case "views.update":
        return { ok: true, view: { id: idOf("V"), ...(args.view as object) } };
      case "chat.unfurl":
        return { ok: true };
      default:
        return { ok: false, error: "unknown_method" };
    }
  }

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? "/", "http://stand-in");
      if (request.method === "GET" && url.pathname === "/oauth/v2/authorize") return consentPage(url, response);
      // The workspace's icon, as Slack's image host serves it: a small PNG.
      if (request.method === "GET" && url.pathname.startsWith("/icons/")) {
        response.writeHead(200, { "content-type": "image/png" });
        return response.end(ICON_PNG);
      }
      if (request.method === "POST" && url.pathname === "/_test/users") return json(response, 200, addUser(JSON.parse(await bodyOf(request)) as Omit<SlackUser, "id">));
      if (request.method === "GET" && url.pathname === "/_test/calls") return json(response, 200, { workspace, calls: calls.filter((call) => call.method === url.searchParams.get("method")) });
      // A command's or an interaction's response_url (hooks.slack.com/commands/…, /actions/… in Slack).
      if (request.method === "POST" && /^\/(commands|actions)\//.test(url.pathname)) {
        calls.push({ method: "response_url", args: { url: url.pathname, ...argumentsOf(await bodyOf(request), "application/json") }, token: undefined });
        return json(response, 200, { ok: true });
      }
      const method = /^\/api\/(.+)$/.exec(url.pathname)?.[1];
      if (!method || request.method !== "POST") return json(response, 404, { ok: false, error: "unknown_method" });
      const args = argumentsOf(await bodyOf(request), request.headers["content-type"] ?? "");
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? (typeof args.token === "string" ? args.token : undefined);
      const call: SlackCall = { method, args, token };
      calls.push(call);
      const failure = failures.find((candidate) => candidate.method === method && candidate.times > 0);
      if (failure) {
        failure.times--;
        call.answer = { ok: false, error: failure.error };
        if (failure.error === "ratelimited") return json(response, 429, call.answer, { "retry-after": String(failure.retryAfterSeconds) });
        return json(response, 200, call.answer);
      }
      call.answer = answer(method, args, token);
      json(response, 200, call.answer);
    })().catch((error: unknown) => json(response, 500, { ok: false, error: String(error) }));
  });

  /** Slack's consent page: "Allow" sends the browser back with a code, "Cancel" with error=access_denied. */
  function consentPage(url: URL, response: ServerResponse) {
    const redirectUri = url.searchParams.get("redirect_uri") ?? "";
    const state = url.searchParams.get("state") ?? "";
    if (url.searchParams.get("client_id") !== SLACK_TEST_CREDENTIALS.clientId || !redirectUri) {
      response.writeHead(400, { "content-type": "text/html; charset=utf-8" });
      return response.end("<!doctype html><title>Invalid request</title><p>invalid_client_id</p>");
    }
    const code = randomBytes(8).toString("hex");
    codes.set(code, { redirectUri, installerId });
    const allow = new URL(redirectUri);
    allow.searchParams.set("code", code);
    allow.searchParams.set("state", state);
    const cancel = new URL(redirectUri);
    cancel.searchParams.set("error", "access_denied");
    cancel.searchParams.set("state", state);
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Holdup is requesting permission to access the ${workspace.name} Slack workspace</title></head><body><main><h1>Holdup is requesting permission to access the ${workspace.name} Slack workspace</h1><p>Scopes: ${url.searchParams.get("scope") ?? ""}</p><a href="${allow.toString()}">Allow</a> <a href="${cancel.toString()}">Cancel</a></main></body></html>`,
    );
  }

  function addUser(user: Omit<SlackUser, "id">): SlackUser {
    const added = { ...user, id: idOf("U") };
    users.push(added);
    return added;
  }

  keepIdleConnectionsLongerThanClients(server);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    workspace,
    users,
    botUserId,
    calls,
    /** SLACK_API_URL and the three credentials, as a Holdup server under test is configured. */
    environment: { SLACK_API_URL: `${origin}/api/`, SLACK_CLIENT_ID: SLACK_TEST_CREDENTIALS.clientId, SLACK_CLIENT_SECRET: SLACK_TEST_CREDENTIALS.clientSecret, SLACK_SIGNING_SECRET: SLACK_TEST_CREDENTIALS.signingSecret },
    /** A code as the consent page gives one, for tests that follow the redirect themselves. */
    grantCode(redirectUri: string, installer = installerId) {
      const code = randomBytes(8).toString("hex");
      codes.set(code, { redirectUri, installerId: installer });
      return code;
    },
    /** A bot token for the workspace, as an installation grants one (for benchmarks that connect without a browser). */
    issueBotToken() {
      const token = `xoxb-${randomBytes(12).toString("hex")}`;
      tokens.set(token, { revoked: false });
      return token;
    },
    setInstaller(id: string) {
      installerId = id;
    },
    userByEmail: (email: string) => users.find((user) => user.email === email),
    /** A person of the workspace (a member of the Holdup team, or not), with an id of Slack's shape. */
    addUser,
    /** The next `times` calls of `method` fail with `error` (`ratelimited`: HTTP 429 with Retry-After, 1 second unless said). */
    failNext(method: string, error: string, times = 1, retryAfterSeconds = 1) {
      failures.push({ method, error, times, retryAfterSeconds });
    },
    /** Answers this method normally again, whatever failures were still to come. */
    stopFailing(method: string) {
      for (const failure of failures) if (failure.method === method) failure.times = 0;
    },
    callsOf: (method: string) => calls.filter((call) => call.method === method),
    /** What the stand-in answered to a recorded call. */
    answerOf: (call: SlackCall) => call.answer ?? {},
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SlackStandIn = Awaited<ReturnType<typeof startSlackStandIn>>;

/** Slack's request signature for a body sent at `timestamp` (seconds). */
export function slackSignature(body: string, timestamp: number, signingSecret = SLACK_TEST_CREDENTIALS.signingSecret) {
  return `v0=${createHmac("sha256", signingSecret).update(`v0:${timestamp}:${body}`).digest("hex")}`;
}

/** `from`: the client's address, as the test server's trusted proxy names it (X-Forwarded-For). */
type SignedRequestOptions = { timestamp?: number; signature?: string | null; retryNum?: number; from?: string };

/** Posts to Holdup as Slack does: its content type, its signature headers (or a wrong, stale or missing one). */
export async function postAsSlack(url: string, body: string, contentType: string, options: SignedRequestOptions = {}) {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const headers: Record<string, string> = { "content-type": contentType, "x-slack-request-timestamp": String(timestamp), "user-agent": "Slackbot 1.0 (+https://api.slack.com/robots)" };
  const signature = options.signature === undefined ? slackSignature(body, timestamp) : options.signature;
  if (signature !== null) headers["x-slack-signature"] = signature;
  if (options.retryNum !== undefined) Object.assign(headers, { "x-slack-retry-num": String(options.retryNum), "x-slack-retry-reason": "http_timeout" });
  if (options.from) headers["x-forwarded-for"] = options.from;
  const response = await fetch(url, { method: "POST", headers, body });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: response.status, text, json: parsed as Record<string, unknown> | undefined };
}

/** A slash command's form, as Slack posts it. */
export function slashCommand(standIn: SlackStandIn, user: SlackUser, text: string, extra: Record<string, string> = {}) {
  return new URLSearchParams({
    token: "deprecated-verification-token",
    team_id: standIn.workspace.id,
    team_domain: standIn.workspace.domain,
    channel_id: "C0GENERAL",
    channel_name: "general",
    user_id: user.id,
    user_name: user.name,
    command: "/holdup",
    text,
    api_app_id: "A0HOLDUP",
    response_url: `${standIn.environment.SLACK_API_URL.replace(/\/api\/$/, "")}/commands/${randomBytes(6).toString("hex")}`,
    trigger_id: `${Date.now()}.${randomBytes(4).toString("hex")}`,
    ...extra,
  }).toString();
}

/**
 * An owner or admin connects their team as a browser does: Holdup's install page sends them to Slack's consent page
 * (the stand-in's), "Allow" sends them back to the callback. Returns where Holdup finally sent the browser.
 */
export async function connectThroughConsent(client: BrowserLikeClient, standIn: SlackStandIn, options: { team?: string; choice?: "Allow" | "Cancel" } = {}) {
  const install = await client.request(`/api/slack/install${options.team ? `?team=${options.team}` : ""}`);
  if (install.status !== 302) return { status: install.status, location: null, install };
  const consent = await fetch(install.headers.get("location") ?? "");
  const page = await consent.text();
  const href = new RegExp(`<a href="([^"]+)">${options.choice ?? "Allow"}</a>`).exec(page)?.[1]?.replace(/&amp;/g, "&") ?? "";
  const back = new URL(href);
  const callback = await client.request(back.pathname + back.search);
  return { status: callback.status, location: callback.headers.get("location"), install };
}

/** A message Holdup posted (chat.postMessage) to a Slack user, as the stand-in recorded it: its channel, ts and blocks. */
export function postedTo(standIn: SlackStandIn, user: SlackUser) {
  return standIn.callsOf("chat.postMessage").filter((call) => call.args.channel === user.id || call.args.channel === `D${user.id.replace(/^U/, "")}`);
}

/** What Slack posts to the interactivity URL: the payload as a form field, JSON inside. */
export const interactionForm = (payload: Record<string, unknown>) => new URLSearchParams({ payload: JSON.stringify(payload) }).toString();

/** A button pressed by `user` in a message (a DM: its channel and ts; an ephemeral answer: its response_url). */
export function buttonPress(standIn: SlackStandIn, user: SlackUser, action: { actionId: string; value?: string }, where: { channel?: string; ts?: string; ephemeral?: boolean }) {
  const origin = standIn.environment.SLACK_API_URL.replace(/\/api\/$/, "");
  return interactionForm({
    type: "block_actions",
    team: { id: standIn.workspace.id, domain: standIn.workspace.domain },
    user: { id: user.id, username: user.name, team_id: standIn.workspace.id },
    api_app_id: "A0HOLDUP",
    trigger_id: `${Date.now()}.trigger`,
    response_url: `${origin}/actions/${randomBytes(6).toString("hex")}`,
    container: { type: "message", channel_id: where.channel ?? "C0GENERAL", message_ts: where.ts ?? "1700000000.000001", is_ephemeral: where.ephemeral ?? false },
    actions: [{ type: "button", action_id: action.actionId, block_id: "b", value: action.value, action_ts: String(Date.now() / 1000) }],
  });
}

/** A modal form (views.open's view) sent by `user` with these values: { blockId: { actionId: { value | selected_user } } }. */
export function viewSubmission(standIn: SlackStandIn, user: SlackUser, view: { callback_id: string; private_metadata: string }, values: Record<string, Record<string, Record<string, unknown>>>) {
  return interactionForm({
    type: "view_submission",
    team: { id: standIn.workspace.id, domain: standIn.workspace.domain },
    user: { id: user.id, username: user.name, team_id: standIn.workspace.id },
    api_app_id: "A0HOLDUP",
    view: { id: "V0FORM", type: "modal", callback_id: view.callback_id, private_metadata: view.private_metadata, state: { values } },
  });
}

/**
 * What Slack shows the person for a command or a button: Holdup's HTTP answer when it gave one, else (it acknowledged
 * with an empty answer, being busy) the message it posted to the request's response_url, waited for.
 */
export async function replyShown(standIn: SlackStandIn, sentBody: string, answer: { text: string; json: Record<string, unknown> | undefined }, timeoutMs = 10_000): Promise<Record<string, unknown>> {
  if (answer.text !== "" && answer.json) return answer.json;
  const form = new URLSearchParams(sentBody);
  const responseUrl = form.get("response_url") ?? (JSON.parse(form.get("payload") ?? "{}") as { response_url?: string }).response_url ?? "";
  const path = new URL(responseUrl).pathname;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const posted = standIn.callsOf("response_url").find((call) => call.args.url === path);
    if (posted) return posted.args;
    if (Date.now() > deadline) throw new Error(`Nothing was posted to ${path}`);
    await new Promise((resolve) => setTimeout(resolve, 20)); // polling for it, as expect.poll does
  }
}
