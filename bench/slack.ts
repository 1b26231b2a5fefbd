// Slack's answers under load (issue #12): bursts of 50 signed requests at once — slash commands (`/holdup list`, and
// `/holdup @someone …` logging a blocker, whose DMs then go out through the stand-in) and button presses (Snooze 1
// day on /holdup list, given again through its response_url) — each burst's work finished before the next; the time
// to each HTTP answer, which Slack wants within 3 seconds. The server runs here, Slack's stand-in beside it, the
// bursts from another process.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { count, inArray } from "drizzle-orm";
import { Hono } from "hono";
import type { Installation } from "@slack/oauth";
import { loadConfig } from "../server/config.ts";
import { createBlocker } from "../server/features/blockers/create-blocker.ts";
import { linkSlackPerson } from "../server/features/slack/slack-people.ts";
import { saveInstallation } from "../server/features/slack/slack-workspaces.ts";
import { createTokenSeal } from "../server/features/slack/token-seal.ts";
import { findMember } from "../server/http/require-member.ts";
import { startServer } from "../server/start-server.ts";
import type { Database } from "../server/db/client.ts";
import { deliveries } from "../server/db/schema.ts";
import { copyPgliteTemplate } from "../server/test/database-templates.ts";
import { buttonPress, slackSignature, slashCommand, startSlackStandIn, type SlackStandIn } from "../server/test/slack-stand-in.ts";
import { burst, freePort } from "./measure.ts";
import { seedMembers } from "./seed-team.ts";


export type SlackBenchResult = { database: "PGlite" | "PostgreSQL"; requests: number; p50: number; p99: number; max: number; acknowledgedOnly: number; bareP99: number };

type Burst = Parameters<typeof burst>[1];
const percentile = (sorted: number[], share: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)] ?? 0);

/**
 * The same bursts against a bare server that answers at once, side by side: what the client and the machine take
 * (fifty connections at once, on two shared cores), for reading the figures above it.
 */
async function bareP99(rounds: number, requests: Burst) {
  const bare = serve({ fetch: new Hono().all("*", async (c) => (await c.req.text(), c.body(null, 200))).fetch, port: await freePort() });
  try {
    const times: number[] = [];
    for (let round = 0; round < rounds; round++) times.push(...(await burst(`http://127.0.0.1:${(bare.address() as { port: number }).port}`, requests)).map((answer) => answer.ms));
    return percentile(times.sort((a, b) => a - b), 0.99);
  } finally {
    bare.close();
  }
}

/** Waits until no delivery is waiting and `lateAnswers` answers have been posted to response URLs (the work of a burst done). */
async function drained(db: Database, slack: SlackStandIn, lateAnswers: number) {
  const deadline = performance.now() + 120_000;
  for (;;) {
    const [waiting] = await db.select({ total: count() }).from(deliveries).where(inArray(deliveries.status, ["pending", "sending"]));
    if ((waiting?.total ?? 0) === 0 && slack.callsOf("response_url").length >= lateAnswers) return;
    if (performance.now() > deadline) throw new Error("The work of a burst of Slack requests did not finish in two minutes");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * `rounds` bursts of `connections` requests at once (50 in a full run), from a team of `people` (20) who each send
 * three kinds of request: with three per person or more, no request is sent twice in a burst.
 */
export async function benchSlackAnswers(options: { rounds: number; people: number; connections: number; databaseUrl?: string }): Promise<SlackBenchResult> {
  const { people: size, connections } = options;
  const slack = await startSlackStandIn();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "holdup-bench-slack-"));
  if (!options.databaseUrl) await copyPgliteTemplate(dataDir);
  const config = loadConfig({ PORT: String(await freePort()), DATA_DIR: dataDir, DATABASE_URL: options.databaseUrl ?? "", LOG_LEVEL: "error", TRUST_PROXY: "loopback", EMAIL_BATCH_SECONDS: "0", ...slack.environment });
  const server = await startServer(config, { scheduleReminders: false });
  try {
    const { deps } = server;
    const now = new Date();
    const team = await seedMembers(server, size);
    const [first] = team.members;
    if (!first || !config.slack) throw new Error("no team");
    const installation = { team: { id: slack.workspace.id, name: slack.workspace.name }, bot: { token: slack.issueBotToken(), userId: slack.botUserId, scopes: [] }, user: { id: "U0INSTALLER" } };
    await saveInstallation({ db: deps.db, slack: config.slack, seal: createTokenSeal(deps.secret), logger: deps.logger, appUrl: config.appUrl }, { teamId: team.teamId, profileId: first.profileId }, installation as unknown as Installation<"v2", false>, now);
    const people = await Promise.all(
      team.members.map(async (member, index) => {
        const inSlack = slack.addUser({ name: `member${index}`, realName: `Member ${index}`, email: member.email });
        await linkSlackPerson(deps.db, team.teamId, inSlack.id, member.profileId, now);
        return { ...member, inSlack, asMember: await findMember(deps.db, member.authId, team.teamId) };
      }),
    );
    // A blocker on each person (from the one before), for their Snooze 1 day.
    const onEach = await Promise.all(
      people.map(async (person, index) => {
        const author = people[(index + size - 1) % size]?.asMember;
        if (!author || !person.asMember) throw new Error("not a member");
        const { blocker } = await createBlocker(deps, author, { title: `Waiting on member ${index}`, priority: "normal", blockingProfileIds: [person.profileId], blockingEmails: [], alsoBlockedProfileIds: [] }, now);
        return blocker.id;
      }),
    );
    // Signed once: a signature holds for five minutes, longer than the run.
    const timestamp = Math.floor(Date.now() / 1000);
    const signed = (pathname: string, body: string) => ({ method: "POST" as const, path: pathname, body, headers: { "content-type": "application/x-www-form-urlencoded", "x-slack-request-timestamp": String(timestamp), "x-slack-signature": slackSignature(body, timestamp) } });
    const requests = people.flatMap((person, index) => {
      const next = people[(index + 1) % size]?.inSlack;
      return [
        signed("/api/slack/commands", slashCommand(slack, person.inSlack, "list")),
        signed("/api/slack/commands", slashCommand(slack, person.inSlack, `<@${next?.id}|${next?.name}> Benchmark blocker ${index}`)),
        signed("/api/slack/interactions", buttonPress(slack, person.inSlack, { actionId: "holdup_snooze_1d", value: onEach[index] }, { ephemeral: true })),
      ];
    });
    // Each kind once first: a request the server refuses would measure nothing.
    for (const request of requests.slice(0, 3)) {
      const answer = await fetch(`${server.url}${request.path}`, { method: request.method, headers: request.headers, body: request.body });
      if (answer.status !== 200) throw new Error(`${request.path} answered ${answer.status}: ${await answer.text()}`);
    }
    await drained(deps.db, slack, 0);
    const times: number[] = [];
    let acknowledgedOnly = 0;
    for (let round = 0; round < options.rounds; round++) {
      const requestsOfRound = Array.from({ length: connections }, (_, index) => requests[(round * connections + index) % requests.length]).filter((request) => request !== undefined);
      const answers = await burst(server.url, requestsOfRound);
      const failed = answers.filter((answer) => answer.status !== 200);
      if (failed.length > 0) throw new Error(`${failed.length} Slack requests failed: ${failed.map((answer) => answer.status).join(", ")}`);
      times.push(...answers.map((answer) => answer.ms));
      acknowledgedOnly += answers.filter((answer) => answer.empty).length;
      // The burst's work finished (late answers posted, DMs sent) before the next one: bursts, not a backlog.
      await drained(deps.db, slack, acknowledgedOnly);
    }
    times.sort((a, b) => a - b);
    const at = (share: number) => percentile(times, share);
    return { database: options.databaseUrl ? "PostgreSQL" : "PGlite", requests: times.length, p50: at(0.5), p99: at(0.99), max: at(1), acknowledgedOnly, bareP99: await bareP99(options.rounds, requests.slice(0, connections)) };
  } finally {
    await server.stop();
    await slack.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
