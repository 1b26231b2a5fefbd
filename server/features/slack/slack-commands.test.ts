// `/holdup` as Slack posts it: log a blocker waiting on the people mentioned, list one's two columns, the help; a
// mention of someone outside the team, an unknown Slack user, the Free plan's daily limit, a workspace no team has
// connected — each a clear ephemeral answer with nothing half-created; people matched by their verified e-mail, or
// linked by the connect link; Slack's `ratelimited` waited out; a slow answer sent through the response_url.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blockers, blockingUsers, slackPeople } from "../../db/schema.ts";
import { makeTeam, testClock, type Teammate } from "../../test/factories.ts";
import { connectThroughConsent, postAsSlack, replyShown, slashCommand, startSlackStandIn, type SlackStandIn, type SlackUser } from "../../test/slack-stand-in.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

let server: TestServer;
let slack: SlackStandIn;
let olivia: Teammate, bob: Teammate, carol: Teammate, erin: Teammate, mallory: Teammate;
const inSlack: Record<string, SlackUser> = {};
// A fixed morning (10:00 in Paris, where the team lives): the Free plan's daily limit and the 3 h the list test waits
// stay in one day whatever the hour the suite runs at (started at real time, a run after 21:00 UTC crossed midnight).
const clock = testClock(new Date("2026-11-23T09:00:00Z"));

beforeAll(async () => {
  slack = await startSlackStandIn();
  // Free, for its daily limit of blockers.
  server = await startTestServer({ clock, environment: { ...slack.environment, DEFAULT_PLAN: "free" } });
  [olivia, bob, carol, erin] = (await makeTeam(server, ["Olivia", "Bob", "Carol", "Erin"])) as [Teammate, Teammate, Teammate, Teammate];
  [mallory] = (await makeTeam(server, ["Mallory"], "Another team")) as [Teammate];
  for (const person of [olivia, bob, carol, mallory]) inSlack[person.name] = slack.addUser({ name: person.name.toLowerCase(), realName: person.name, email: person.email });
  // Erin uses another address in Slack: Holdup cannot match her by it.
  inSlack.Erin = slack.addUser({ name: "erin", realName: "Erin", email: "erin.personal@example.org" });
  inSlack.Dave = slack.addUser({ name: "dave", realName: "Dave", email: "dave@contractor.example" });
  const connected = await connectThroughConsent(olivia.client, slack);
  if (!connected.location?.includes("slack=connected")) throw new Error(`Slack was not connected: ${connected.location}`);
});
afterAll(async () => {
  await server?.stop();
  await slack?.close();
});

type Reply = { response_type: string; text: string; blocks?: unknown[] };
const mention = (user: SlackUser | undefined) => `<@${user?.id}|${user?.name}>`;
async function command(user: SlackUser | undefined, text: string, extra: Record<string, string> = {}) {
  if (!user) throw new Error("no such Slack user");
  const body = slashCommand(slack, user, text, extra);
  const answer = await postAsSlack(`${server.url}/api/slack/commands`, body, "application/x-www-form-urlencoded", { timestamp: Math.floor(clock.now().getTime() / 1000) });
  expect(answer.status, answer.text).toBe(200);
  return (await replyShown(slack, body, answer)) as Reply;
}
const blockerCount = async () => (await server.deps.db.select({ total: count() }).from(blockers))[0]?.total ?? 0;

describe("/holdup", () => {
  it("help, and anything it does not understand, answer with the help, to the person alone", async () => {
    const help = await command(inSlack.Olivia, "help");
    expect(help.response_type).toBe("ephemeral");
    expect(help.text).toContain("/holdup @bob @carol API spec for payments");
    const unknown = await command(inSlack.Olivia, "what is this");
    expect(unknown.text).toContain("I did not understand “what is this”");
    expect(unknown.text).toContain("/holdup help");
    const unlinked = await command(inSlack.Olivia, "@bob the spec");
    expect(unlinked.text).toContain("Pick people from Slack's list");
  });

  it("@bob @carol API spec for payments logs a blocker waiting on both, from Slack; they see it under Waiting on me", async () => {
    const before = await blockerCount();
    const reply = await command(inSlack.Olivia, `${mention(inSlack.Bob)} ${mention(inSlack.Carol)} API spec for payments`);
    expect(reply.response_type).toBe("ephemeral");
    expect(reply.text).toMatch(/^Logged: <http:\/\/localhost:\d+\/blockers\/[0-9a-f-]+\|API spec for payments>, waiting on <@U\w+> and <@U\w+>/);
    expect(await blockerCount()).toBe(before + 1);

    const [logged] = await server.deps.db.select().from(blockers).where(eq(blockers.title, "API spec for payments"));
    expect(logged).toMatchObject({ source: "slack", createdBy: olivia.profileId, status: "open" });
    const parts = await server.deps.db.select({ profileId: blockingUsers.profileId }).from(blockingUsers).where(eq(blockingUsers.blockerId, logged?.id ?? ""));
    expect(parts.map((part) => part.profileId).sort()).toEqual([bob.profileId, carol.profileId].sort());
    const bobsDashboard = (await bob.client.request("/api/dashboard")).json as { waitingOnMe: { items: { title: string }[] } };
    expect(bobsDashboard.waitingOnMe.items.map((item) => item.title)).toContain("API spec for payments");
    // Each was matched by their verified e-mail address, and is linked from now on.
    const linked = await server.deps.db.select().from(slackPeople);
    expect(linked.map((row) => row.profileId)).toEqual(expect.arrayContaining([olivia.profileId, bob.profileId, carol.profileId]));
  });

  it("list (or nothing) shows my two columns with how long each has waited", async () => {
    clock.advance(3 * 3_600_000);
    const bobs = await command(inSlack.Bob, "");
    expect(bobs.text).toBe("Waiting on me: 1. I'm waiting on: 0.");
    const bobsBlocks = JSON.stringify(bobs.blocks);
    expect(bobsBlocks).toContain("Waiting on me (1)");
    expect(bobsBlocks).toContain("API spec for payments");
    expect(bobsBlocks).toContain("from Olivia · waiting 3h");
    expect(bobsBlocks).toContain("You are not waiting on anyone.");
    const olivias = JSON.stringify((await command(inSlack.Olivia, "list")).blocks);
    expect(olivias).toContain("I'm waiting on (1)");
    expect(olivias).toMatch(/on (Bob and Carol|Carol and Bob) · waiting 3h/);
    expect(olivias).toContain("Nothing is waiting on you.");
  });

  it("refuses a mention of someone outside the team (in Slack only, or in another Holdup team) and logs nothing", async () => {
    const before = await blockerCount();
    const dave = await command(inSlack.Olivia, `${mention(inSlack.Bob)} ${mention(inSlack.Dave)} Contract review`);
    expect(dave.text).toBe(`Nothing was logged: <@${inSlack.Dave?.id}> is not a member of your Holdup team. Invite them from Holdup first (Organization → Invites).`);
    const theirs = await command(inSlack.Olivia, `${mention(inSlack.Mallory)} Contract review`);
    expect(theirs.text).toContain(`<@${inSlack.Mallory?.id}> is not a member`);
    const myself = await command(inSlack.Olivia, `${mention(inSlack.Olivia)} Contract review`);
    expect(myself.text).toBe("Nothing was logged: you cannot wait on yourself.");
    expect(await blockerCount()).toBe(before);
  });

  it("stops at the Free plan's three blockers a day, saying so, with nothing half-created", async () => {
    for (const title of ["Staging credentials", "Design review"]) expect((await command(inSlack.Olivia, `${mention(inSlack.Bob)} ${title}`)).text).toMatch(/^Logged/);
    const before = await blockerCount();
    const refused = await command(inSlack.Olivia, `${mention(inSlack.Bob)} One too many`);
    expect(refused.text).toBe("Nothing was logged: The Free plan allows 3 new blockers per person per day. Upgrade to Plus for unlimited blockers, or add this one tomorrow.");
    expect(await blockerCount()).toBe(before);
  });

  it("answers politely in a workspace that no Holdup team has connected", async () => {
    const reply = await command(inSlack.Olivia, "list", { team_id: "T0STRANGER" });
    expect(reply.text).toContain("This Slack workspace is not connected to a Holdup team");
  });
});

describe("a Slack user Holdup does not know", () => {
  let token = "";

  it("gets a connect link instead of an answer", async () => {
    const reply = await command(inSlack.Erin, "list");
    expect(reply.text).toContain("Holdup does not know you yet");
    const link = /<(http[^|>]+)\|Connect your Holdup account>/.exec(reply.text)?.[1] ?? "";
    expect(new URL(link).pathname).toBe("/slack/connect");
    token = new URL(link).searchParams.get("token") ?? "";
    expect(token).not.toBe("");
  });

  it("is linked by opening it signed in as a member of the team, and is then known", async () => {
    expect((await server.client().post("/api/slack/connect", { token })).status).toBe(401);
    expect((await mallory.client.post("/api/slack/connect", { token })).status).toBe(403);
    // The page first shows who in Slack would act as her, for her to confirm it is her own Slack account.
    const preview = await erin.client.request(`/api/slack/connect?token=${encodeURIComponent(token)}`);
    expect(preview.json).toEqual({ workspace: "Acme Corp", slackUser: { id: inSlack.Erin?.id, name: "erin", realName: "Erin" }, holdupAccount: { fullName: "Erin", email: erin.email }, alreadyLinked: false });
    const used = await erin.client.post("/api/slack/connect", { token });
    expect(used.status, used.text).toBe(200);
    expect(used.json).toMatchObject({ workspace: "Acme Corp" });
    expect((await command(inSlack.Erin, "list")).text).toBe("Waiting on me: 0. I'm waiting on: 0.");
    // Used once: nobody else can take the Slack user over with it.
    expect((await carol.client.post("/api/slack/connect", { token })).status).toBe(409);
  });

  it("whose link was altered or has expired is told so", async () => {
    expect((await erin.client.post("/api/slack/connect", { token: `${token.slice(0, -2)}xx` })).json).toMatchObject({ code: "slack_link_invalid" });
    const fresh = /<(http[^|>]+)\|Connect/.exec((await command(inSlack.Dave, "list")).text)?.[1] ?? "";
    clock.advance(61 * 60_000);
    expect((await erin.client.post("/api/slack/connect", { token: new URL(fresh).searchParams.get("token") })).json).toMatchObject({ code: "slack_link_expired" });
  });
});

describe("forged connect links", () => {
  it("count as wrong codes do: past ten for one person, they are refused for a while", async () => {
    for (let attempt = 0; attempt < 10; attempt++) expect((await carol.client.post("/api/slack/connect", { token: `forged.${attempt}` })).json).toMatchObject({ code: "slack_link_invalid" });
    const refused = await carol.client.post("/api/slack/connect", { token: "forged.again" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).not.toBeNull();
  });
});

describe("when Slack is slow", () => {
  it("waits out a `ratelimited` answer (Retry-After) and goes on", async () => {
    const carlos = slack.addUser({ name: "carol2", realName: "Carol", email: carol.email.toUpperCase() });
    slack.failNext("users.info", "ratelimited");
    const before = slack.callsOf("users.info").length;
    const reply = await command(carlos, "list");
    expect(reply.text).toBe("Waiting on me: 1. I'm waiting on: 0.");
    expect(slack.callsOf("users.info").length).toBe(before + 2);
  });

  it("acknowledges at once when the work waits on Slack, and sends the answer through the response_url when it comes", async () => {
    const newcomer = slack.addUser({ name: "bob2", realName: "Bob", email: bob.email });
    slack.failNext("users.info", "ratelimited", 1, 3);
    const body = slashCommand(slack, newcomer, "list");
    const acknowledged = await postAsSlack(`${server.url}/api/slack/commands`, body, "application/x-www-form-urlencoded", { timestamp: Math.floor(clock.now().getTime() / 1000) });
    expect([acknowledged.status, acknowledged.text]).toEqual([200, ""]);
    expect((await replyShown(slack, body, acknowledged)).text).toBe("Waiting on me: 3. I'm waiting on: 0.");
  });
});

describe("someone removed from the team", () => {
  it("is told at once that they are no longer in it, not offered a link", async () => {
    const page = (await olivia.client.request("/api/team/members")).json as { items: { memberId: string; profileId: string }[] };
    const erinsMembership = page.items.find((row) => row.profileId === erin.profileId);
    expect((await olivia.client.request(`/api/team/members/${erinsMembership?.memberId}`, { method: "DELETE" })).status).toBe(200);
    expect((await command(inSlack.Erin, "list")).text).toBe("You are no longer a member of the Holdup team this Slack workspace is connected to, so Holdup does nothing for you here.");
  });
});
