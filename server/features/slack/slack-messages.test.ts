// DMs that can be acted on: a new blocker on me arrives as a DM with Mark done, Snooze 1 day, Decline… and Open;
// pressing one changes the blocker as the web app would and updates the DM in place; the waiting person hears of the
// answer in a DM; a change made in the web app updates the earlier DMs (no stale buttons); the buttons of
// `/holdup list` work too; each person's chat preferences are followed; a failing Slack is shown to the admins.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blockers, blockingUsers } from "../../db/schema.ts";
import { makeBlocker, makeTeam, testClock, type Teammate } from "../../test/factories.ts";
import { buttonPress, connectThroughConsent, postAsSlack, postedTo, replyShown, slashCommand, startSlackStandIn, viewSubmission, type SlackCall, type SlackStandIn, type SlackUser } from "../../test/slack-stand-in.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

let server: TestServer;
let slack: SlackStandIn;
let olivia: Teammate, bob: Teammate, carol: Teammate;
const inSlack: Record<string, SlackUser> = {};
const clock = testClock();

beforeAll(async () => {
  slack = await startSlackStandIn();
  server = await startTestServer({ clock, environment: slack.environment });
  [olivia, bob, carol] = (await makeTeam(server, ["Olivia", "Bob", "Carol"])) as [Teammate, Teammate, Teammate];
  for (const person of [olivia, bob, carol]) inSlack[person.name] = slack.addUser({ name: person.name.toLowerCase(), realName: person.name, email: person.email });
  const connected = await connectThroughConsent(olivia.client, slack);
  if (!connected.location?.includes("slack=connected")) throw new Error(`Slack was not connected: ${connected.location}`);
});
afterAll(async () => {
  await server?.stop();
  await slack?.close();
});

const person = (name: string) => {
  const found = inSlack[name];
  if (!found) throw new Error(`no Slack user ${name}`);
  return found;
};
const form = "application/x-www-form-urlencoded";
const signedNow = () => ({ timestamp: Math.floor(clock.now().getTime() / 1000) });
async function command(name: string, text: string) {
  const body = slashCommand(slack, person(name), text);
  return (await replyShown(slack, body, await postAsSlack(`${server.url}/api/slack/commands`, body, form, signedNow()))) as { text: string; blocks: unknown[] };
}
const interact = (body: string) => postAsSlack(`${server.url}/api/slack/interactions`, body, form, signedNow());
const blockerIdIn = (call: SlackCall) => /\/blockers\/([0-9a-f-]{36})/.exec(JSON.stringify(call.args.blocks))?.[1] ?? "";
const buttonsOf = (args: Record<string, unknown>) => [...JSON.stringify(args.blocks).matchAll(/"action_id":"(holdup_\w+)"/g)].map((match) => match[1]);
/** The DM to `name` about the blocker titled `title`, once the worker has sent it. */
async function dmAbout(name: string, title: string) {
  await expect.poll(() => postedTo(slack, person(name)).some((call) => String(call.args.text).includes(title)), { timeout: 10_000 }).toBe(true);
  const dm = postedTo(slack, person(name)).findLast((call) => String(call.args.text).includes(title));
  if (!dm) throw new Error("no DM");
  const answer = slack.answerOf(dm);
  return { dm, channel: String(answer.channel), ts: String(answer.ts), blockerId: blockerIdIn(dm) };
}
/** The last version of a DM: its latest chat.update, or the message as posted. */
const latest = (message: { dm: SlackCall; channel: string; ts: string }) => slack.callsOf("chat.update").findLast((call) => call.args.channel === message.channel && call.args.ts === message.ts)?.args ?? message.dm.args;
const partOf = async (blockerId: string, teammate: Teammate) => (await server.deps.db.select().from(blockingUsers).where(and(eq(blockingUsers.blockerId, blockerId), eq(blockingUsers.profileId, teammate.profileId))))[0];

describe("a DM about a blocker on me", () => {
  it("arrives when a blocker is logged on me, with Mark done, Snooze 1 day, Decline… and Open in Holdup", async () => {
    await command("Olivia", `<@${person("Bob").id}|bob> API spec for payments`);
    const message = await dmAbout("Bob", "API spec for payments");
    expect(message.dm.args.text).toBe("Olivia is waiting on you: API spec for payments");
    expect(buttonsOf(message.dm.args)).toEqual(["holdup_done", "holdup_snooze_1d", "holdup_decline", "holdup_open"]);
    expect(JSON.stringify(message.dm.args.blocks)).toContain(`${server.url}/blockers/${message.blockerId}`);
  });

  it("Mark done marks my part done, updates the DM in place without buttons, and the waiting person hears of it", async () => {
    const message = await dmAbout("Bob", "API spec for payments");
    const pressed = await interact(buttonPress(slack, person("Bob"), { actionId: "holdup_done", value: message.blockerId }, { channel: message.channel, ts: message.ts }));
    expect(pressed.status).toBe(200);
    await expect.poll(async () => (await partOf(message.blockerId, bob))?.status).toBe("done");
    expect((await server.deps.db.select().from(blockers).where(eq(blockers.id, message.blockerId)))[0]?.status).toBe("resolved");
    await expect.poll(() => JSON.stringify(latest(message).blocks)).toContain("Resolved: nothing waits any more.");
    expect(buttonsOf(latest(message))).toEqual(["holdup_open"]);
    // Olivia hears that Bob did his part, and that nothing waits any more (her preferences' defaults).
    await expect.poll(() => postedTo(slack, person("Olivia")).map((call) => call.args.text), { timeout: 10_000 }).toEqual(expect.arrayContaining(["Bob marked their part done: API spec for payments", "Nothing waits any more: API spec for payments"]));
    expect((await dmAbout("Olivia", "API spec for payments")).blockerId).toBe(message.blockerId);
  });

  it("Snooze 1 day snoozes my reminders for a day and says until when", async () => {
    const blockerId = await makeBlocker(olivia, [bob], { title: "Staging credentials" });
    const message = await dmAbout("Bob", "Staging credentials");
    expect(message.blockerId).toBe(blockerId);
    await interact(buttonPress(slack, person("Bob"), { actionId: "holdup_snooze_1d", value: blockerId }, { channel: message.channel, ts: message.ts }));
    await expect.poll(async () => (await partOf(blockerId, bob))?.snoozedUntil?.getTime()).toBe(clock.now().getTime() + 24 * 3_600_000);
    await expect.poll(() => JSON.stringify(latest(message).blocks)).toContain("Reminders snoozed until <!date^");
  });

  it("Decline… opens a form asking why; sent empty it says so, sent with a reason it declines, naming who it should go to", async () => {
    const blockerId = await makeBlocker(olivia, [bob], { title: "Design review" });
    const message = await dmAbout("Bob", "Design review");
    const formsBefore = slack.callsOf("views.open").length;
    await interact(buttonPress(slack, person("Bob"), { actionId: "holdup_decline", value: blockerId }, { channel: message.channel, ts: message.ts }));
    await expect.poll(() => slack.callsOf("views.open").length).toBe(formsBefore + 1);
    const opened = slack.callsOf("views.open").at(-1)?.args as { trigger_id: string; view: { callback_id: string; private_metadata: string } };
    expect(opened.trigger_id).toMatch(/trigger$/);
    const empty = await interact(viewSubmission(slack, person("Bob"), opened.view, { reason: { reason: { type: "plain_text_input", value: "  " } }, suggested: { suggested: { type: "users_select", selected_user: null } } }));
    expect(empty.json).toEqual({ response_action: "errors", errors: { reason: "Say why, so they know where to go next" } });
    expect((await partOf(blockerId, bob))?.status).toBe("pending");

    const sent = await interact(viewSubmission(slack, person("Bob"), opened.view, { reason: { reason: { value: "Not mine — ask Carol" } }, suggested: { suggested: { selected_user: person("Carol").id } } }));
    expect(sent.status).toBe(200);
    expect(sent.text).toBe("");
    expect(await partOf(blockerId, bob)).toMatchObject({ status: "declined", declineReason: "Not mine — ask Carol", suggestedProfileId: carol.profileId });
    await expect.poll(() => JSON.stringify(latest(message).blocks)).toContain("You said it is not yours.");
    const told = await dmAbout("Olivia", "Design review");
    expect(told.dm.args.text).toBe("Bob says it is not theirs: Design review");
  });

  it("is brought up to date when the blocker changes in the web app: no stale buttons", async () => {
    const blockerId = await makeBlocker(olivia, [carol], { title: "Budget sign-off" });
    const message = await dmAbout("Carol", "Budget sign-off");
    expect((await olivia.client.post(`/api/blockers/${blockerId}/cancel`)).status).toBe(200);
    await expect.poll(() => JSON.stringify(latest(message).blocks), { timeout: 10_000 }).toContain("Cancelled.");
    expect(buttonsOf(latest(message))).toEqual(["holdup_open"]);
    // A button pressed on a copy of the message from before is refused, said to the person alone.
    const repliesBefore = slack.callsOf("response_url").length;
    await interact(buttonPress(slack, person("Carol"), { actionId: "holdup_done", value: blockerId }, { channel: message.channel, ts: message.ts }));
    await expect.poll(() => slack.callsOf("response_url").slice(repliesBefore).map((call) => call.args.text)).toContain("Nothing was changed: This blocker is already resolved or cancelled");
  });
});

describe("the buttons of /holdup list", () => {
  it("answer for my part, and the list is given again as it now stands", async () => {
    const blockerId = await makeBlocker(olivia, [carol], { title: "Security review" });
    const list = await command("Carol", "list");
    expect(JSON.stringify(list.blocks)).toContain(`"value":"${blockerId}"`);
    const before = slack.callsOf("response_url").length;
    await interact(buttonPress(slack, person("Carol"), { actionId: "holdup_done", value: blockerId }, { ephemeral: true }));
    await expect.poll(async () => (await partOf(blockerId, carol))?.status).toBe("done");
    await expect.poll(() => slack.callsOf("response_url").slice(before).find((call) => call.args.replace_original === true)?.args.text).toBe("Waiting on me: 0. I'm waiting on: 0.");
  });

  it("refuse someone Holdup does not know, with the connect link", async () => {
    const stranger = slack.addUser({ name: "zed", realName: "Zed", email: "zed@elsewhere.example" });
    const before = slack.callsOf("response_url").length;
    await interact(buttonPress(slack, stranger, { actionId: "holdup_done", value: "00000000-0000-4000-8000-000000000000" }, { ephemeral: true }));
    await expect.poll(() => slack.callsOf("response_url").slice(before).map((call) => String(call.args.text)).join()).toContain("Connect your Holdup account");
  });

  it("a signed payload that is not JSON, or not an interaction, is a 400 naming the field", async () => {
    expect((await interact("payload=%7Bnot-json")).json).toMatchObject({ code: "validation_failed", fields: { payload: ["Expected a JSON object"] } });
    expect((await interact(new URLSearchParams({ payload: JSON.stringify({ type: "block_actions", team: { id: "not an id" } }) }).toString())).status).toBe(400);
  });
});

describe("channel preferences and a failing Slack", () => {
  it("a person who turned Slack off for nudges gets no DM for one", async () => {
    const blockerId = await makeBlocker(olivia, [carol], { title: "Contract renewal" });
    await dmAbout("Carol", "Contract renewal");
    const preferences = (await carol.client.request("/api/profile")).json as { notificationPreferences: { events: Record<string, { email: boolean; chat: boolean }>; dailyDigest: boolean } };
    const events = { ...preferences.notificationPreferences.events, nudged: { email: true, chat: false } };
    expect((await carol.client.request("/api/profile", { method: "PATCH", json: { notificationPreferences: { ...preferences.notificationPreferences, events } } })).status).toBe(200);
    const before = postedTo(slack, person("Carol")).length;
    expect((await olivia.client.post(`/api/blockers/${blockerId}/nudge`, { profileId: carol.profileId })).status).toBe(200);
    await server.mail.waitFor(carol.email, (mail) => mail.subject === "Olivia is waiting on you: Contract renewal" && mail.text.includes("still waiting"));
    expect(postedTo(slack, person("Carol")).length).toBe(before);
  });

  it("a DM Slack refuses is tried again, and Slack's refusal is shown on the integrations page", async () => {
    slack.failNext("chat.postMessage", "account_inactive", 10);
    await makeBlocker(olivia, [bob], { title: "Quarterly numbers" });
    await expect.poll(async () => ((await olivia.client.request("/api/slack")).json as { workspace: { failure: { error: string } | null } }).workspace.failure?.error, { timeout: 10_000 }).toBe("chat.postMessage: account_inactive");
  });
});
