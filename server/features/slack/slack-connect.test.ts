// Connecting a team's Slack workspace, and what Slack posts to Holdup: "Add to Slack" through Slack's OAuth consent
// (the stand-in's), the state bound to the admin who started, one workspace per team and one team per workspace,
// the token sealed at rest, disconnecting, Slack's signature on every request it sends, and its events (the URL
// check, uninstalls, revoked tokens) applied once however often Slack delivers them.
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app.ts";
import { slackWorkspaces } from "../../db/schema.ts";
import { routeKey, routeTable } from "../../test/fuzz/route-table.ts";
import { makeTeam, STRONG_PASSWORD, testClock, type Teammate } from "../../test/factories.ts";
import { connectThroughConsent, postAsSlack, slackSignature, slashCommand, startSlackStandIn, type SlackStandIn, type SlackUser } from "../../test/slack-stand-in.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";
import { slackManifest } from "./slack-manifest.ts";

let server: TestServer;
let slack: SlackStandIn;
let owner: Teammate, bob: Teammate, outsider: Teammate;
let ownerInSlack: SlackUser;
const clock = testClock();

beforeAll(async () => {
  slack = await startSlackStandIn({ workspace: { name: "Acme Corp" } });
  server = await startTestServer({ clock, environment: slack.environment });
  [owner, bob] = (await makeTeam(server, ["Olivia", "Bob"])) as [Teammate, Teammate];
  [outsider] = (await makeTeam(server, ["Mallory"], "Another team")) as [Teammate];
  ownerInSlack = slack.addUser({ name: "olivia", realName: "Olivia", email: owner.email });
});
afterAll(async () => {
  await server?.stop();
  await slack?.close();
});

const workspaceRows = () => server.deps.db.select().from(slackWorkspaces);
const summaryOf = async (teammate: Teammate) => (await teammate.client.request("/api/slack")).json as { available: boolean; canManage: boolean; workspace: { name: string; iconUrl: string | null; connectedBy: string | null; failure: unknown } | null };
const sendEvent = (event: Record<string, unknown>, options: { retryNum?: number } = {}) => postAsSlack(`${server.url}/api/slack/events`, JSON.stringify(event), "application/json", { timestamp: Math.floor(clock.now().getTime() / 1000), ...options });
const uninstalled = (eventId: string) => ({ type: "event_callback", team_id: slack.workspace.id, event_id: eventId, event_time: 1, event: { type: "app_uninstalled" } });

describe("connecting Slack", () => {
  it("is refused to a member who is not an owner or admin, and shows them the connection without the controls", async () => {
    const attempt = await connectThroughConsent(bob.client, slack);
    expect(attempt.status).toBe(403);
    expect(await summaryOf(bob)).toEqual({ available: true, canManage: false, workspace: null });
  });

  it("goes through Slack's consent and back: the workspace is connected, with its name and icon, the token sealed", async () => {
    const connected = await connectThroughConsent(owner.client, slack);
    expect(connected.status).toBe(302);
    expect(connected.location).toMatch(/\/organization\/integrations\?team=.+&slack=connected$/);
    // The install page asked Slack for the scopes Holdup needs, to come back to the callback.
    const authorize = new URL(connected.install.headers.get("location") ?? "");
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${server.url}/api/slack/oauth/callback`);
    expect(authorize.searchParams.get("scope")).toContain("commands");

    const summary = await summaryOf(owner);
    expect(summary).toMatchObject({ available: true, canManage: true, workspace: { name: "Acme Corp", connectedBy: "Olivia", failure: null } });
    // The icon is passed on by Holdup (its pages load images from their own origin only).
    const icon = await owner.client.request(summary.workspace?.iconUrl ?? "");
    expect([icon.status, icon.headers.get("content-type")]).toEqual([200, "image/png"]);
    expect((await server.client().request(summary.workspace?.iconUrl ?? "")).status).toBe(401);
    expect((await summaryOf(bob)).workspace?.name).toBe("Acme Corp");

    const [row] = await workspaceRows();
    const granted = slack.callsOf("oauth.v2.access").at(-1);
    expect(granted).toBeDefined();
    expect(row?.sealedBotToken).not.toContain("xoxb-");
    expect(slack.callsOf("team.info").at(-1)?.token).toMatch(/^xoxb-/);
  });

  it("refuses a callback without the browser's state cookie, or after the state expired: nothing changes", async () => {
    const before = await workspaceRows();
    const install = await owner.client.request("/api/slack/install");
    const authorize = new URL(install.headers.get("location") ?? "");
    const state = authorize.searchParams.get("state") ?? "";
    const code = slack.grantCode(authorize.searchParams.get("redirect_uri") ?? "");
    // Another browser signed in as the same person, without the cookie set when the install began.
    const otherBrowser = server.client();
    await otherBrowser.post("/api/auth/sign-in/email", { email: owner.email, password: STRONG_PASSWORD });
    const stranger = await otherBrowser.request(`/api/slack/oauth/callback?code=${code}&state=${encodeURIComponent(state)}`);
    expect(stranger.status).toBe(302);
    expect(stranger.headers.get("location")).not.toContain("slack=connected");

    const late = await owner.client.request("/api/slack/install");
    const lateUrl = new URL(late.headers.get("location") ?? "");
    clock.advance(11 * 60_000);
    const expired = await owner.client.request(`/api/slack/oauth/callback?code=${slack.grantCode(lateUrl.searchParams.get("redirect_uri") ?? "")}&state=${encodeURIComponent(lateUrl.searchParams.get("state") ?? "")}`);
    expect(expired.headers.get("location")).toContain("slack=failed");
    expect(await workspaceRows()).toEqual(before);
  });

  it("lands on the integrations page saying so when the admin cancels on Slack's page", async () => {
    const cancelled = await connectThroughConsent(owner.client, slack, { choice: "Cancel" });
    expect(cancelled.location).toContain("slack=cancelled");
  });

  it("connects a workspace to one team only: another team's admin is told it is taken", async () => {
    const taken = await connectThroughConsent(outsider.client, slack);
    expect(taken.location).toContain("slack=taken");
    expect((await summaryOf(outsider)).workspace).toBeNull();
    expect((await workspaceRows()).length).toBe(1);
  });
});

describe("requests from Slack", () => {
  const commandUrl = () => `${server.url}/api/slack/commands`;
  const now = () => Math.floor(clock.now().getTime() / 1000);

  it("are refused with 401 when the signature is missing, wrong, stale or from the future, and change nothing", async () => {
    const body = slashCommand(slack, ownerInSlack, "help");
    const form = "application/x-www-form-urlencoded";
    const cases = [
      await postAsSlack(commandUrl(), body, form, { timestamp: now(), signature: null }),
      await postAsSlack(commandUrl(), body, form, { timestamp: now(), signature: slackSignature(body, now(), "another-secret") }),
      await postAsSlack(commandUrl(), body, form, { timestamp: now() - 6 * 60 }),
      await postAsSlack(commandUrl(), body, form, { timestamp: now() + 6 * 60 }),
      // A signature over another body: the body was changed on the way.
      await postAsSlack(commandUrl(), body.replace("help", "list"), form, { timestamp: now(), signature: slackSignature(body, now()) }),
    ];
    for (const refused of cases) {
      expect(refused.status).toBe(401);
      expect(refused.json).toMatchObject({ code: "slack_signature_invalid" });
    }
    const uninstall = await postAsSlack(`${server.url}/api/slack/events`, JSON.stringify(uninstalled("Ev-unsigned")), "application/json", { signature: "v0=00" });
    expect(uninstall.status).toBe(401);
    expect((await workspaceRows()).length).toBe(1);
  });

  it("from a client whose requests keep failing the check are refused for a while, signed or not; others are not", async () => {
    const body = slashCommand(slack, ownerInSlack, "help");
    const form = "application/x-www-form-urlencoded";
    for (let attempt = 0; attempt < 30; attempt++) expect((await postAsSlack(commandUrl(), body, form, { timestamp: now(), signature: "v0=00", from: "203.0.113.7" })).status).toBe(401);
    const refused = await postAsSlack(commandUrl(), body, form, { timestamp: now(), from: "203.0.113.7" });
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ code: "too_many_requests" });
    expect((await postAsSlack(commandUrl(), body, form, { timestamp: now(), from: "198.51.100.9" })).status).toBe(200);
    clock.advance(15 * 60_000);
    expect((await postAsSlack(commandUrl(), body, form, { timestamp: now(), from: "203.0.113.7" })).status).toBe(200);
  });

  it("need no browser Origin, and the exemption covers Slack's paths only", async () => {
    const signed = await postAsSlack(commandUrl(), slashCommand(slack, ownerInSlack, "help"), "application/x-www-form-urlencoded", { timestamp: now() });
    expect(signed.status).toBe(200);
    // The same form, unsigned, posted to a route of Holdup's own: refused for its origin, as any other page's would be.
    const elsewhere = await fetch(`${server.url}/api/slack/connect`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "token=x" });
    expect(elsewhere.status).toBe(403);
  });

  it("answer Slack's URL check with its challenge", async () => {
    const answer = await sendEvent({ type: "url_verification", token: "deprecated", challenge: "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P" });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ challenge: "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P" });
  });

  it("a signed body that is not a command or an event is a 400 naming the fields, never a 500", async () => {
    const garbage = await postAsSlack(commandUrl(), "team_id=&user_id=%00&response_url=javascript:alert(1)", "application/x-www-form-urlencoded", { timestamp: now() });
    expect(garbage.status).toBe(400);
    expect(Object.keys((garbage.json as { fields: object }).fields)).toEqual(expect.arrayContaining(["team_id", "response_url"]));
    const notJson = await postAsSlack(`${server.url}/api/slack/events`, "{", "application/json", { timestamp: now() });
    expect(notJson.status).toBe(400);
  });
});

describe("the workspace's life", () => {
  it("ends with Slack's app_uninstalled, applied once: a retry of the same event after reconnecting changes nothing", async () => {
    expect((await sendEvent(uninstalled("Ev-uninstall-1"))).status).toBe(200);
    expect(await summaryOf(owner)).toMatchObject({ workspace: null });

    await connectThroughConsent(owner.client, slack);
    expect((await summaryOf(owner)).workspace?.name).toBe("Acme Corp");
    expect((await sendEvent(uninstalled("Ev-uninstall-1"), { retryNum: 1 })).status).toBe(200);
    expect((await summaryOf(owner)).workspace?.name).toBe("Acme Corp");
  });

  it("ends when Slack revokes the bot's token, and not when only people's tokens are revoked", async () => {
    await sendEvent({ type: "event_callback", team_id: slack.workspace.id, event_id: "Ev-users-revoked", event: { type: "tokens_revoked", tokens: { oauth: ["U1"] } } });
    expect((await summaryOf(owner)).workspace).not.toBeNull();
    await sendEvent({ type: "event_callback", team_id: slack.workspace.id, event_id: "Ev-bot-revoked", event: { type: "tokens_revoked", tokens: { bot: [slack.botUserId] } } });
    expect((await summaryOf(owner)).workspace).toBeNull();
  });

  it("is disconnected by an admin: Slack is asked to revoke the token; a member may not", async () => {
    await connectThroughConsent(owner.client, slack);
    expect((await bob.client.request("/api/slack", { method: "DELETE" })).status).toBe(403);
    const revokedBefore = slack.callsOf("auth.revoke").length;
    const disconnected = await owner.client.request("/api/slack", { method: "DELETE" });
    expect(disconnected.status).toBe(200);
    expect(slack.callsOf("auth.revoke").length).toBe(revokedBefore + 1);
    expect(await summaryOf(owner)).toMatchObject({ workspace: null });
    expect(await server.deps.db.select().from(slackWorkspaces).where(eq(slackWorkspaces.slackTeamId, slack.workspace.id))).toEqual([]);
    expect((await owner.client.request("/api/slack", { method: "DELETE" })).status).toBe(404);
  });
});

describe("the Slack app's manifest", () => {
  it("points Slack at routes this server answers, on APP_URL", () => {
    const manifest = slackManifest("https://holdup.example.com/");
    const answered = routeTable(createApp(server.deps), server.deps.auth).map(routeKey);
    const posted = [manifest.settings.event_subscriptions.request_url, manifest.settings.interactivity.request_url, ...manifest.features.slash_commands.map((command) => command.url)];
    for (const url of posted) {
      expect(url).toMatch(/^https:\/\/holdup\.example\.com\/api\/slack\//);
      expect(answered).toContain(`POST ${new URL(url).pathname}`);
    }
    expect(manifest.oauth_config.redirect_urls).toEqual(["https://holdup.example.com/api/slack/oauth/callback"]);
    expect(answered).toContain("GET /api/slack/oauth/callback");
    expect(manifest.features.unfurl_domains).toEqual(["holdup.example.com"]);
  });

  it("is shipped in slack/manifest.json as `npm run slack:manifest` writes it", () => {
    const shipped = JSON.parse(fs.readFileSync("slack/manifest.json", "utf8")) as ReturnType<typeof slackManifest>;
    const appUrl = new URL(shipped.oauth_config.redirect_urls[0] ?? "").origin;
    expect(shipped).toEqual(slackManifest(appUrl));
  });
});
