// Slack's events and shortcuts that act: the Home tab (published when opened, republished when a blocker changes),
// a reply in a nudge DM's thread ("done" marks the part done, anything else is a comment), @Holdup in a channel (the
// thread told when it is done), a blocker's link unfurled (only for the team's members), and "Log as blocker".
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blockerEvents, blockers, blockingUsers } from "../../db/schema.ts";
import { makeBlocker, type Teammate } from "../../test/factories.ts";
import { interactionForm, viewSubmission } from "../../test/slack-stand-in.ts";
import { startSlackTeam, type SlackTeam } from "../../test/slack-team.ts";
import { readMention } from "./channel-mentions.ts";
import { isDoneReply } from "./thread-replies.ts";

let team: SlackTeam;
let olivia: Teammate, bob: Teammate, dave: Teammate;

beforeAll(async () => {
  team = await startSlackTeam({ names: ["Olivia", "Bob", "Dave"], elsewhere: ["Mallory"] });
  [olivia, bob, dave] = ["Olivia", "Bob", "Dave"].map(team.teammate) as [Teammate, Teammate, Teammate];
});
afterAll(() => team?.stop());

const person = (name: string) => team.person(name);
const sendEvent = (event: Record<string, unknown>) => team.sendEvent(event);
const partOf = async (blockerId: string, teammate: Teammate) => (await team.server.deps.db.select().from(blockingUsers).where(and(eq(blockingUsers.blockerId, blockerId), eq(blockingUsers.profileId, teammate.profileId))))[0];
const dmAbout = (name: string, title: string) => team.dmAbout(name, title);
const signedForm = (body: string) => team.postForm("/api/slack/interactions", body);
const homeOf = (name: string) => team.slack.callsOf("views.publish").findLast((call) => call.args.user_id === person(name).id)?.args.view;

describe("the Home tab", () => {
  it("shows my two columns when I open it, and again, up to date, when a blocker of mine changes", async () => {
    const blockerId = await makeBlocker(olivia, [bob], { title: "Home: API spec" });
    expect((await sendEvent({ type: "app_home_opened", user: person("Bob").id, channel: "D0BOB", tab: "home" })).status).toBe(200);
    await expect.poll(() => JSON.stringify(homeOf("Bob"))).toContain("Waiting on me (1)");
    expect(JSON.stringify(homeOf("Bob"))).toContain("Home: API spec");
    expect(JSON.stringify(homeOf("Bob"))).toContain(`"value":"${blockerId}"`);
    expect((await olivia.client.post(`/api/blockers/${blockerId}/cancel`)).status).toBe(200);
    await expect.poll(() => JSON.stringify(homeOf("Bob")), { timeout: 10_000 }).toContain("Waiting on me (0)");
  });

  it("is not published for someone Holdup does not know, or the Messages tab", async () => {
    const stranger = team.slack.addUser({ name: "zed", realName: "Zed", email: "zed@elsewhere.example" });
    const before = team.slack.callsOf("views.publish").length;
    await sendEvent({ type: "app_home_opened", user: stranger.id, channel: "D0ZED", tab: "home" });
    await sendEvent({ type: "app_home_opened", user: person("Dave").id, channel: "D0DAVE", tab: "messages" });
    // Then one that is published: once it is, the two before it were handled too, and published nothing.
    await sendEvent({ type: "app_home_opened", user: person("Dave").id, channel: "D0DAVE", tab: "home" });
    await expect.poll(() => team.slack.callsOf("views.publish").length).toBe(before + 1);
    expect(team.slack.callsOf("views.publish").at(-1)?.args.user_id).toBe(person("Dave").id);
  });
});

describe("a reply in a DM's thread", () => {
  it("'done' marks my part done and says so in the thread", async () => {
    const blockerId = await makeBlocker(olivia, [bob], { title: "Reply: staging keys" });
    const dm = await dmAbout("Bob", "Reply: staging keys");
    expect((await sendEvent({ type: "message", channel_type: "im", channel: dm.channel, user: person("Bob").id, text: "Done, thanks!", ts: "1800000000.000100", thread_ts: dm.ts })).status).toBe(200);
    await expect.poll(() => team.slack.callsOf("chat.postMessage").findLast((call) => call.args.thread_ts === dm.ts)?.args.text).toBe(":white_check_mark: Marked your part done.");
    expect((await partOf(blockerId, bob))?.status).toBe("done");
  });

  it("anything else becomes my comment on the blocker, seen in the web app; another's reply, or Holdup's own, does nothing", async () => {
    const blockerId = await makeBlocker(olivia, [bob], { title: "Reply: design review" });
    const dm = await dmAbout("Bob", "Reply: design review");
    await sendEvent({ type: "message", channel_type: "im", channel: dm.channel, user: person("Bob").id, text: "Tomorrow morning &amp; not before", ts: "1800000000.000200", thread_ts: dm.ts });
    await sendEvent({ type: "message", channel_type: "im", channel: dm.channel, user: person("Dave").id, text: "done", ts: "1800000000.000300", thread_ts: dm.ts });
    await sendEvent({ type: "message", channel_type: "im", channel: dm.channel, user: person("Bob").id, bot_id: "B0HOLDUP", text: "done", ts: "1800000000.000400", thread_ts: dm.ts });
    // Holdup answers each reply it acts on in the thread: one answer, for the comment.
    await expect.poll(() => team.slack.callsOf("chat.postMessage").filter((call) => call.args.thread_ts === dm.ts).map((call) => call.args.text)).toEqual([":speech_balloon: Added to the blocker as your comment."]);
    const comments = await team.server.deps.db.select().from(blockerEvents).where(and(eq(blockerEvents.blockerId, blockerId), eq(blockerEvents.type, "commented")));
    expect(comments.map((comment) => comment.payload)).toEqual([{ body: "Tomorrow morning & not before" }]);
    const detail = (await olivia.client.request(`/api/blockers/${blockerId}`)).json as { timeline: { type: string; payload: { body?: string } }[] };
    expect(JSON.stringify(detail)).toContain("Tomorrow morning & not before");
    expect((await partOf(blockerId, bob))?.status).toBe("pending");
  });

  it("reads as done only what says it is done", () => {
    for (const text of ["done", "Finished.", "shipped 🚀", "resolved — see PR 12", " DONE "]) expect(isDoneReply(text), text).toBe(true);
    for (const text of ["not done yet", "is it done?", "done with the first half, the second one needs another week of work"]) expect(isDoneReply(text), text).toBe(false);
  });
});

describe("@Holdup in a channel", () => {
  it("reads who and what for", () => {
    expect(readMention("<@UBOT> waiting on <@U1|dave> for the endpoint spec", "UBOT")).toEqual({ slackUserIds: ["U1"], title: "the endpoint spec" });
    expect(readMention("<@UBOT> blocked by <@U1> and <@U2> on the release notes", "UBOT")).toEqual({ slackUserIds: ["U1", "U2"], title: "on the release notes" });
    expect(readMention("<@UBOT> hello", "UBOT")).toBeUndefined();
  });

  it("logs the blocker, answers in the thread, and tells the thread when it is done", async () => {
    const ts = "1800000001.000100";
    const text = `<@${team.slack.botUserId}> waiting on <@${person("Dave").id}> for the endpoint spec`;
    expect((await sendEvent({ type: "app_mention", channel: "C0GENERAL", user: person("Olivia").id, text, ts })).status).toBe(200);
    const inThread = () => team.slack.callsOf("chat.postMessage").filter((call) => call.args.channel === "C0GENERAL" && call.args.thread_ts === ts).map((call) => String(call.args.text));
    await expect.poll(() => inThread().length).toBe(1);
    const [logged] = await team.server.deps.db.select().from(blockers).where(eq(blockers.title, "the endpoint spec"));
    expect(logged).toMatchObject({ source: "slack", createdBy: olivia.profileId, externalRef: `C0GENERAL/${ts}` });
    expect(logged?.linkUrl).toContain("/archives/C0GENERAL/p");
    expect(inThread()[0]).toMatch(/^Logged <http:.*\|the endpoint spec>, waiting on <@U\w+>\. This thread will hear when it is done\.$/);
    expect((await dave.client.post(`/api/blockers/${logged?.id}/done`)).status).toBe(200);
    await expect.poll(inThread, { timeout: 10_000 }).toContainEqual(expect.stringMatching(/^:tada: Done: <.*\|the endpoint spec> is resolved\.$/));
    // Told once: changes after it (reopened, resolved again) do not tell it again. Dave's DM, updated by the same
    // work, shows when they have been handled.
    const davesDm = await dmAbout("Dave", "the endpoint spec");
    const davesUpdates = () => team.slack.callsOf("chat.update").filter((call) => call.args.channel === davesDm.channel && call.args.ts === davesDm.ts);
    const updatesBefore = davesUpdates().length;
    expect((await olivia.client.post(`/api/blockers/${logged?.id}/reopen`)).status).toBe(200);
    expect((await olivia.client.post(`/api/blockers/${logged?.id}/resolve`)).status).toBe(200);
    await expect.poll(() => davesUpdates().length > updatesBefore && JSON.stringify(davesUpdates().at(-1)?.args.blocks).includes("Resolved"), { timeout: 10_000 }).toBe(true);
    expect(inThread().filter((line) => line.includes("is resolved")).length).toBe(1);
  });

  it("says what is wrong to the author alone, and logs nothing", async () => {
    const before = (await team.server.deps.db.select().from(blockers)).length;
    await sendEvent({ type: "app_mention", channel: "C0GENERAL", user: person("Olivia").id, text: `<@${team.slack.botUserId}> waiting on <@${person("Mallory").id}> for a contract`, ts: "1800000002.000100" });
    await expect.poll(() => team.slack.callsOf("chat.postEphemeral").at(-1)?.args.channel).toBe("C0GENERAL");
    const told = team.slack.callsOf("chat.postEphemeral").at(-1)?.args;
    expect(told).toMatchObject({ channel: "C0GENERAL", user: person("Olivia").id });
    expect(String(told?.text)).toContain("is not a member of your Holdup team");
    expect((await team.server.deps.db.select().from(blockers)).length).toBe(before);
  });
});

describe("a blocker's link in Slack", () => {
  it("unfurls with its title, people, status and age for a member of its team, and not for others", async () => {
    const blockerId = await makeBlocker(olivia, [bob, dave], { title: "Unfurl: budget sign-off" });
    team.clock.advance(2 * 3_600_000);
    const url = `${team.server.url}/blockers/${blockerId}`;
    await sendEvent({ type: "link_shared", channel: "C0GENERAL", user: person("Bob").id, message_ts: "1800000003.000100", links: [{ url, domain: "localhost" }, { url: "https://example.com/x", domain: "example.com" }] });
    await expect.poll(() => team.slack.callsOf("chat.unfurl").length).toBeGreaterThan(0);
    const unfurl = team.slack.callsOf("chat.unfurl").at(-1)?.args as { channel: string; ts: string; unfurls: Record<string, { blocks: unknown[] }> };
    expect(Object.keys(unfurl.unfurls)).toEqual([url]);
    const shown = JSON.stringify(unfurl.unfurls[url]);
    expect(shown).toContain("Unfurl: budget sign-off");
    expect(shown).toMatch(/Waiting on (Bob and Dave|Dave and Bob) · logged by Olivia/);
    expect(shown).toContain("Open · waiting 2h");

    // Shared by someone outside the team, or naming a blocker that is not the team's: nothing more than the address.
    const before = team.slack.callsOf("chat.unfurl").length;
    await sendEvent({ type: "link_shared", channel: "C0GENERAL", user: person("Mallory").id, message_ts: "1800000003.000200", links: [{ url }] });
    await sendEvent({ type: "link_shared", channel: "C0GENERAL", user: person("Bob").id, message_ts: "1800000003.000300", links: [{ url: `${team.server.url}/blockers/${randomUUID()}` }] });
    // Then one that does unfurl: once it has, the two before it were handled too, and added nothing.
    await sendEvent({ type: "link_shared", channel: "C0GENERAL", user: person("Bob").id, message_ts: "1800000003.000400", links: [{ url }] });
    await expect.poll(() => team.slack.callsOf("chat.unfurl").length).toBe(before + 1);
    expect(team.slack.callsOf("chat.unfurl").at(-1)?.args.ts).toBe("1800000003.000400");
  });
});

describe("Log as blocker, on a message", () => {
  it("opens a form with the message's text, and logs the blocker with the message's link", async () => {
    const shortcut = interactionForm({
      type: "message_action",
      callback_id: "holdup_log_message",
      trigger_id: "1.shortcut",
      team: { id: team.slack.workspace.id },
      user: { id: person("Olivia").id },
      channel: { id: "C0GENERAL" },
      message: { ts: "1800000004.000100", text: "Can someone send the *SOC 2* report &amp; the pen test?" },
    });
    expect((await signedForm(shortcut)).status).toBe(200);
    await expect.poll(() => team.slack.callsOf("views.open").at(-1)?.args.trigger_id).toBe("1.shortcut");
    const opened = team.slack.callsOf("views.open").at(-1)?.args as { trigger_id: string; view: { callback_id: string; private_metadata: string; blocks: { element: { initial_value?: string } }[] } };
    expect(opened.trigger_id).toBe("1.shortcut");
    expect(opened.view.blocks[0]?.element.initial_value).toBe("Can someone send the *SOC 2* report & the pen test?");

    const submitted = await signedForm(viewSubmission(team.slack, person("Olivia"), opened.view, { title: { title: { value: "SOC 2 report and pen test" } }, people: { people: { selected_users: [person("Dave").id] } }, priority: { priority: { selected_option: { value: "high" } } } }));
    expect([submitted.status, submitted.text]).toEqual([200, ""]);
    const [logged] = await team.server.deps.db.select().from(blockers).where(eq(blockers.title, "SOC 2 report and pen test"));
    expect(logged).toMatchObject({ priority: "high", source: "slack", description: "Can someone send the *SOC 2* report & the pen test?" });
    expect(logged?.linkUrl).toContain("/archives/C0GENERAL/p1800000004000100");
    expect(await partOf(logged?.id ?? "", dave)).toMatchObject({ status: "pending" });
    await expect.poll(() => String(team.slack.callsOf("chat.postEphemeral").at(-1)?.args.text)).toMatch(/^Logged: <.*\|SOC 2 report and pen test>/);
  });

  it("says in the form what is wrong: nobody chosen, someone outside the team", async () => {
    const view = { callback_id: "holdup_log_message_form", private_metadata: JSON.stringify({ channel: "C0GENERAL", ts: "1800000005.000100", text: "x" }) };
    const nobody = await signedForm(viewSubmission(team.slack, person("Olivia"), view, { title: { title: { value: "x" } }, people: { people: { selected_users: [] } } }));
    expect(nobody.json).toEqual({ response_action: "errors", errors: { people: "Choose at least one person you are waiting on" } });
    const outsider = await signedForm(viewSubmission(team.slack, person("Olivia"), view, { title: { title: { value: "x" } }, people: { people: { selected_users: [person("Mallory").id] } } }));
    expect(outsider.json).toEqual({ response_action: "errors", errors: { people: "Choose people from your Holdup team" } });
  });
});
