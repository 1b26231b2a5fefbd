// DMs that can be acted on: a new blocker on me arrives as a DM with Mark done, Snooze until tomorrow, Decline… and Open;
// pressing one changes the blocker as the web app would and updates the DM in place; the waiting person hears of the
// answer in a DM; a change made in the web app updates the earlier DMs (no stale buttons); the buttons of
// `/holdup list` work too; each person's chat preferences are followed; a failing Slack is shown to the admins.
import { and, eq } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blockers, blockingUsers } from "../../db/schema.ts";
import { makeBlocker, type Teammate } from "../../test/factories.ts";
import { buttonPress, postedTo, replyShown, slashCommand, viewSubmission, type SlackCall } from "../../test/slack-stand-in.ts";
import { startSlackTeam, type SlackTeam } from "../../test/slack-team.ts";

let team: SlackTeam;
let olivia: Teammate, bob: Teammate, carol: Teammate;

beforeAll(async () => {
  team = await startSlackTeam({ names: ["Olivia", "Bob", "Carol"] });
  [olivia, bob, carol] = ["Olivia", "Bob", "Carol"].map(team.teammate) as [Teammate, Teammate, Teammate];
});
afterAll(() => team?.stop());

const person = (name: string) => team.person(name);
async function command(name: string, text: string) {
  const body = slashCommand(team.slack, person(name), text);
  return (await replyShown(team.slack, body, await team.postForm("/api/slack/commands", body))) as { text: string; blocks: unknown[] };
}
const interact = (body: string) => team.postForm("/api/slack/interactions", body);
const buttonsOf = (args: Record<string, unknown>) => [...JSON.stringify(args.blocks).matchAll(/"action_id":"(holdup_\w+)"/g)].map((match) => match[1]);
const dmAbout = (name: string, title: string) => team.dmAbout(name, title);
/** The last version of a DM: its latest chat.update, or the message as posted. */
const latest = (message: { dm: SlackCall; channel: string; ts: string }) => team.slack.callsOf("chat.update").findLast((call) => call.args.channel === message.channel && call.args.ts === message.ts)?.args ?? message.dm.args;
const partOf = async (blockerId: string, teammate: Teammate) => (await team.server.deps.db.select().from(blockingUsers).where(and(eq(blockingUsers.blockerId, blockerId), eq(blockingUsers.profileId, teammate.profileId))))[0];

describe("a DM about a blocker on me", () => {
  it("arrives when a blocker is logged on me, with Mark done, Snooze until tomorrow, Decline… and Open in Holdup", async () => {
    await command("Olivia", `<@${person("Bob").id}|bob> API spec for payments`);
    const message = await dmAbout("Bob", "API spec for payments");
    expect(message.dm.args.text).toBe("Olivia is waiting on you: API spec for payments");
    expect(buttonsOf(message.dm.args)).toEqual(["holdup_done", "holdup_snooze_1d", "holdup_decline", "holdup_open"]);
    expect(JSON.stringify(message.dm.args.blocks)).toContain(`${team.server.url}/blockers/${message.blockerId}`);
  });

  it("Mark done marks my part done, updates the DM in place without buttons, and the waiting person hears of it", async () => {
    const message = await dmAbout("Bob", "API spec for payments");
    const pressed = await interact(buttonPress(team.slack, person("Bob"), { actionId: "holdup_done", value: message.blockerId }, { channel: message.channel, ts: message.ts }));
    expect(pressed.status).toBe(200);
    await expect.poll(async () => (await partOf(message.blockerId, bob))?.status).toBe("done");
    expect((await team.server.deps.db.select().from(blockers).where(eq(blockers.id, message.blockerId)))[0]?.status).toBe("resolved");
    await expect.poll(() => JSON.stringify(latest(message).blocks)).toContain("Resolved: nothing waits any more.");
    expect(buttonsOf(latest(message))).toEqual(["holdup_open"]);
    // Olivia hears that Bob did his part, and that nothing waits any more (her preferences' defaults).
    await expect.poll(() => postedTo(team.slack, person("Olivia")).map((call) => call.args.text), { timeout: 10_000 }).toEqual(expect.arrayContaining(["Bob marked their part done: API spec for payments", "Nothing waits any more: API spec for payments"]));
    expect((await dmAbout("Olivia", "API spec for payments")).blockerId).toBe(message.blockerId);
  });

  it("Snooze until tomorrow snoozes my reminders until my next working day starts, and says until when", async () => {
    const blockerId = await makeBlocker(olivia, [bob], { title: "Staging credentials" });
    const message = await dmAbout("Bob", "Staging credentials");
    expect(message.blockerId).toBe(blockerId);
    await interact(buttonPress(team.slack, person("Bob"), { actionId: "holdup_snooze_1d", value: blockerId }, { channel: message.channel, ts: message.ts }));
    await expect.poll(async () => (await partOf(blockerId, bob))?.snoozedUntil ?? null).not.toBeNull();
    // 09:00 where Bob works (his working hours' start), on a day after today there.
    const until = Temporal.Instant.fromEpochMilliseconds((await partOf(blockerId, bob))?.snoozedUntil?.getTime() ?? 0).toZonedDateTimeISO("Europe/Paris");
    const today = Temporal.Instant.fromEpochMilliseconds(team.clock.now().getTime()).toZonedDateTimeISO("Europe/Paris").toPlainDate();
    expect([until.hour, until.minute, Temporal.PlainDate.compare(until.toPlainDate(), today)]).toEqual([9, 0, 1]);
    await expect.poll(() => JSON.stringify(latest(message).blocks)).toContain("Reminders snoozed until <!date^");
  });

  it("Decline… opens a form asking why; sent empty it says so, sent with a reason it declines, naming who it should go to", async () => {
    const blockerId = await makeBlocker(olivia, [bob], { title: "Design review" });
    const message = await dmAbout("Bob", "Design review");
    const formsBefore = team.slack.callsOf("views.open").length;
    await interact(buttonPress(team.slack, person("Bob"), { actionId: "holdup_decline", value: blockerId }, { channel: message.channel, ts: message.ts }));
    await expect.poll(() => team.slack.callsOf("views.open").length).toBe(formsBefore + 1);
    const opened = team.slack.callsOf("views.open").at(-1)?.args as { trigger_id: string; view: { callback_id: string; private_metadata: string } };
    expect(opened.trigger_id).toMatch(/trigger$/);
    const empty = await interact(viewSubmission(team.slack, person("Bob"), opened.view, { reason: { reason: { type: "plain_text_input", value: "  " } }, suggested: { suggested: { type: "users_select", selected_user: null } } }));
    expect(empty.json).toEqual({ response_action: "errors", errors: { reason: "Say why, so they know where to go next" } });
    expect((await partOf(blockerId, bob))?.status).toBe("pending");

    const sent = await interact(viewSubmission(team.slack, person("Bob"), opened.view, { reason: { reason: { value: "Not mine — ask Carol" } }, suggested: { suggested: { selected_user: person("Carol").id } } }));
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
    const repliesBefore = team.slack.callsOf("response_url").length;
    await interact(buttonPress(team.slack, person("Carol"), { actionId: "holdup_done", value: blockerId }, { channel: message.channel, ts: message.ts }));
    await expect.poll(() => team.slack.callsOf("response_url").slice(repliesBefore).map((call) => call.args.text)).toContain("Nothing was changed: This blocker is already resolved or cancelled");
  });
});

describe("the buttons of /holdup list", () => {
  it("answer for my part, and the list is given again as it now stands", async () => {
    const blockerId = await makeBlocker(olivia, [carol], { title: "Security review" });
    const list = await command("Carol", "list");
    expect(JSON.stringify(list.blocks)).toContain(`"value":"${blockerId}"`);
    const before = team.slack.callsOf("response_url").length;
    await interact(buttonPress(team.slack, person("Carol"), { actionId: "holdup_done", value: blockerId }, { ephemeral: true }));
    await expect.poll(async () => (await partOf(blockerId, carol))?.status).toBe("done");
    await expect.poll(() => team.slack.callsOf("response_url").slice(before).find((call) => call.args.replace_original === true)?.args.text).toBe("Waiting on me: 0. I'm waiting on: 0.");
  });

  it("refuse someone Holdup does not know, with the connect link", async () => {
    const stranger = team.slack.addUser({ name: "zed", realName: "Zed", email: "zed@elsewhere.example" });
    const before = team.slack.callsOf("response_url").length;
    await interact(buttonPress(team.slack, stranger, { actionId: "holdup_done", value: "00000000-0000-4000-8000-000000000000" }, { ephemeral: true }));
    await expect.poll(() => team.slack.callsOf("response_url").slice(before).map((call) => String(call.args.text)).join()).toContain("Connect your Holdup account");
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
    // DMs about this blocker only: another test's DM to Carol (its job still running on a busy machine) may land meanwhile.
    const aboutIt = () => postedTo(team.slack, person("Carol")).filter((call) => JSON.stringify(call.args).includes("Contract renewal")).length;
    const before = aboutIt();
    expect((await olivia.client.post(`/api/blockers/${blockerId}/nudge`, { profileId: carol.profileId })).status).toBe(200);
    await team.server.mail.waitFor(carol.email, (mail) => mail.subject.startsWith("Reminder: Contract renewal (waiting ") && mail.text.includes("still waiting"));
    expect(aboutIt()).toBe(before);
  });

  it("a DM Slack refuses is tried again, and Slack's refusal is shown on the integrations page", async () => {
    team.slack.failNext("chat.postMessage", "account_inactive", 10);
    await makeBlocker(olivia, [bob], { title: "Quarterly numbers" });
    await expect.poll(async () => ((await olivia.client.request("/api/slack")).json as { workspace: { failure: { error: string } | null } }).workspace.failure?.error, { timeout: 10_000 }).toBe("chat.postMessage: account_inactive");
  });
});
