// A team whose Slack workspace is connected, for the Slack tests: a real server talking to Slack's stand-in, the
// team's people (and those of other teams) given Slack users with their e-mail addresses, the owner having gone
// through "Add to Slack". Requests to Holdup are signed at the test clock's time, as Slack signs them.
import { expect } from "vitest";
import { makeTeam, testClock, type Teammate } from "./factories.ts";
import { connectThroughConsent, postAsSlack, postedTo, startSlackStandIn, type SlackUser } from "./slack-stand-in.ts";
import type { EmailRetries } from "../jobs/job-queue.ts";
import { startTestServer } from "./test-server.ts";

export async function startSlackTeam(options: { names: string[]; elsewhere?: string[]; environment?: Record<string, string>; emailRetries?: EmailRetries }) {
  const clock = testClock();
  const slack = await startSlackStandIn();
  const server = await startTestServer({ clock, environment: { ...slack.environment, ...options.environment }, emailRetries: options.emailRetries });
  const team = await makeTeam(server, options.names);
  const others = options.elsewhere ? await makeTeam(server, options.elsewhere, "Another team") : [];
  const inSlack = new Map<string, SlackUser>();
  for (const person of [...team, ...others]) inSlack.set(person.name, slack.addUser({ name: person.name.toLowerCase(), realName: person.name, email: person.email }));
  const [owner] = team;
  const connected = owner ? await connectThroughConsent(owner.client, slack) : undefined;
  if (!connected?.location?.includes("slack=connected")) throw new Error(`Slack was not connected: ${connected?.location}`);

  const teammate = (name: string): Teammate => {
    const found = [...team, ...others].find((person) => person.name === name);
    if (!found) throw new Error(`no teammate ${name}`);
    return found;
  };
  const person = (name: string): SlackUser => {
    const found = inSlack.get(name);
    if (!found) throw new Error(`no Slack user ${name}`);
    return found;
  };
  const signedNow = () => ({ timestamp: Math.floor(clock.now().getTime() / 1000) });
  return {
    server,
    slack,
    clock,
    teammate,
    person,
    /** Posts a form (a command, an interaction) to one of Holdup's Slack URLs, signed now. */
    postForm: (path: string, body: string) => postAsSlack(`${server.url}${path}`, body, "application/x-www-form-urlencoded", signedNow()),
    /** Posts an event (its `event` part; the envelope and a fresh event_id are added), signed now. */
    sendEvent: (event: Record<string, unknown>) =>
      postAsSlack(`${server.url}/api/slack/events`, JSON.stringify({ type: "event_callback", team_id: slack.workspace.id, api_app_id: "A0HOLDUP", event_id: `Ev${crypto.randomUUID().replace(/-/g, "").slice(0, 12).toUpperCase()}`, event_time: signedNow().timestamp, event }), "application/json", signedNow()),
    /** The latest DM to `name` about the blocker titled `title`, once the worker has sent it: the call, its channel and ts. */
    async dmAbout(name: string, title: string) {
      await expect.poll(() => postedTo(slack, person(name)).some((call) => String(call.args.text).includes(title)), { timeout: 10_000 }).toBe(true);
      const dm = postedTo(slack, person(name)).findLast((call) => String(call.args.text).includes(title));
      if (!dm) throw new Error("no DM");
      const answer = slack.answerOf(dm);
      return { dm, channel: String(answer.channel), ts: String(answer.ts), blockerId: /\/blockers\/([0-9a-f-]{36})/.exec(JSON.stringify(dm.args.blocks))?.[1] ?? "" };
    },
    stop: async () => {
      await server.stop();
      await slack.close();
    },
  };
}

export type SlackTeam = Awaited<ReturnType<typeof startSlackTeam>>;
