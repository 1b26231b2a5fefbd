// The dashboard's first load (counters + both first pages, one request) for 20 concurrent users on a team of 50,
// one of whom has 200 open items, at growing data sizes, on PGlite or PostgreSQL, beside a bare Hono endpoint; one
// column's list (about 20 cards) for 20 users, for throughput; the plans of the dashboard's queries; and how long a
// change takes to reach another user's open event stream.
import { TEAM_HEADER } from "../common/teams.ts";
import { serve } from "@hono/node-server";
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { Hono } from "hono";
import { imWaitingOnCountQuery, waitingOnMeCountQuery } from "../server/features/counters/count-waiting.ts";
import { dashboardPageQuery } from "../server/features/blockers/list-dashboard.ts";
import { findMember } from "../server/http/require-member.ts";
import type { RunningServer } from "../server/start-server.ts";
import type { BrowserLikeClient } from "../server/test/browser-like-client.ts";
import { aboutBlocker, openEventStream } from "../server/test/event-stream.ts";
import { createTestDatabase } from "../server/test/test-server.ts";
import { freePort, load, median, percentile, type LoadResult } from "./measure.ts";
import { builtWebDir, seedBlockers, seedMembers, seedOpenOn, signIn, startBenchServer } from "./seed-team.ts";

export type DataSize = { label: string; blockers: number; perBlocker: number; open: number };
export type DashboardResult = {
  size: DataSize;
  bare: LoadResult;
  dashboard: LoadResult;
  list: LoadResult;
  /** The same list asked for as a browser asks (Accept-Encoding: gzip, deflate, br): compressed answers. */
  listCompressed: LoadResult;
  /** The dashboard's page as the server draws it (issue #28), compressed as a browser asks: the same 20 users. */
  page: LoadResult;
  /** The page of the member with HEAVY_OPEN_ITEMS open, asked for by 20 connections at once. */
  heavyPage: LoadResult;
  /** The page's requests/s over the JSON dashboard's, in the same round. */
  pageRatioToJson: number;
  /** The dashboard loaded while a teammate changes a blocker CHANGES_PER_SECOND times a second (kept answers go stale). */
  dashboardWhileChanging: LoadResult & { changes: number };
  ratioToBare: number;
  listRatioToBare: number;
  plans?: string[];
  liveEvents?: { p50: number; p99: number; samples: number };
};

const DASHBOARD_PATHS = ["/api/dashboard"];
const PAGE_PATHS = ["/dashboard"];
const PAGE_SECONDS_AT_LEAST = 3;
const LIST_PATHS = ["/api/blockers/waiting-on-me"];
const AS_A_BROWSER = { "accept-encoding": "gzip, deflate, br" };
/**
 * Every change in a team makes its members' kept dashboards stale (decision 028). Five a second in a team of 50 is
 * far busier than teams are (a change a minute is a busy team), so each member's loads mostly read the database.
 */
const CHANGES_PER_SECOND = 5;

/** Runs `measure` while `writer` comments on a blocker CHANGES_PER_SECOND times a second; counts the changes made. */
async function whileTeamChanges(writer: BrowserLikeClient, blockerId: string, measure: () => Promise<LoadResult>) {
  let changes = 0;
  const run = { stopped: false };
  const writing = (async () => {
    while (!run.stopped) {
      const started = performance.now();
      const answer = await writer.post(`/api/blockers/${blockerId}/comments`, { body: `change ${changes}` });
      if (answer.status !== 201) throw new Error(`a change failed: ${answer.status} ${answer.text}`);
      changes += 1;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 / CHANGES_PER_SECOND - (performance.now() - started))));
    }
  })();
  try {
    return { ...(await measure()), changes };
  } finally {
    run.stopped = true;
    await writing;
  }
}

/** Member 1 carries far more than the others: 200 open blockers wait on them, beside their share of the rest. */
export const HEAVY_OPEN_ITEMS = 200;

/** EXPLAIN ANALYZE of the dashboard's four queries, with their parameters written in (ours: uuids). */
async function explainDashboard(server: RunningServer, authId: string) {
  const member = await findMember(server.deps.db, authId);
  if (!member) throw new Error("the measured member has no team");
  const db = server.deps.db;
  const queries = {
    "Waiting on me (count)": waitingOnMeCountQuery(db, member),
    "I'm waiting on (count)": imWaitingOnCountQuery(db, member),
    "Waiting on me (first page, as JSON)": dashboardPageQuery("waitingOnMe", member, server.deps.clock.now()),
    "I'm waiting on (first page, as JSON)": dashboardPageQuery("imWaitingOn", member, server.deps.clock.now()),
  };
  const dialect = new PgDialect();
  const plans: string[] = [];
  for (const [name, query] of Object.entries(queries)) {
    const { sql: text, params } = "toSQL" in query ? query.toSQL() : dialect.sqlToQuery(query);
    const inlined = text.replace(/\$(\d+)/g, (_match: string, index: string) => {
      const value = params[Number(index) - 1];
      return typeof value === "number" ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
    });
    const result = (await db.execute(sql.raw(`explain (analyze, costs off, timing off, summary off) ${inlined}`))) as unknown as { rows: Record<string, string>[] };
    plans.push(`${name}\n${result.rows.map((row) => Object.values(row)[0]).join("\n")}`);
  }
  return plans;
}

/** Time from the start of a change (a comment) to its event arriving on another member's stream. */
async function measureLiveEvents(server: RunningServer, clients: Awaited<ReturnType<typeof signIn>>, profileIds: string[], samples: number) {
  const [author, watcher] = clients;
  if (!author || !watcher) throw new Error("two members needed");
  const created = await author.post("/api/blockers", { title: "Live event probe", blockingProfileIds: [profileIds[1]] });
  const blockerId = (created.json as { id: string }).id;
  const stream = await openEventStream(watcher, server.url);
  const timings: number[] = [];
  try {
    for (let sample = 0; sample < samples; sample++) {
      const before = stream.received.length;
      const started = performance.now();
      const arrived = stream.next((event) => aboutBlocker(blockerId)(event) && stream.received.indexOf(event) >= before);
      const answer = await author.post(`/api/blockers/${blockerId}/comments`, { body: `probe ${sample}` });
      if (answer.status !== 201) throw new Error(`comment failed: ${answer.text}`);
      await arrived;
      timings.push(performance.now() - started);
    }
  } finally {
    stream.close();
  }
  return { p50: percentile(timings, 0.5), p99: percentile(timings, 0.99), samples };
}

/**
 * `members` in the team (20 of them loading at once in a full run: `concurrentUsers`), one more changing things, at
 * each data size; `warmUp` loads each target uncounted before its first round.
 */
export async function benchDashboard(options: { databaseAdminUrl?: string; sizes: DataSize[]; seconds: number; rounds: number; liveSamples: number; members: number; concurrentUsers: number; warmUp: boolean }): Promise<DashboardResult[]> {
  const concurrentUsers = options.concurrentUsers;
  // The teammate who changes things: none of the loaders (members 0 to concurrentUsers + 1); member 25 in a full run.
  const writerIndex = concurrentUsers + 5;
  if (options.members <= writerIndex) throw new Error(`a team of ${options.members} is too small for ${concurrentUsers} users at once`);
  const results: DashboardResult[] = [];
  const bare = serve({ fetch: new Hono().get("/", (c) => c.json({ ok: true })).fetch, port: await freePort() });
  const bareUrl = `http://127.0.0.1:${(bare.address() as { port: number }).port}/`;
  try {
    for (const [index, size] of options.sizes.entries()) {
      const database = options.databaseAdminUrl ? await createTestDatabase(options.databaseAdminUrl) : undefined;
      const { server, cleanUp } = await startBenchServer(database?.url, { webDir: builtWebDir() });
      try {
        const team = await seedMembers(server, options.members);
        await seedBlockers(server, team, size);
        await seedOpenOn(server, team, 1, HEAVY_OPEN_ITEMS);
        // The dashboard: members 0–19, the heavy one among them. The list: members 2–21, about 20 cards each.
        const dashboardCookies = (await signIn(server, team, concurrentUsers)).map((client) => client.cookieHeader);
        const listCookies = (await signIn(server, team, concurrentUsers + 2)).slice(2).map((client) => client.cookieHeader);
        // The teammate who changes things, on a blocker of theirs waiting on member 1.
        const [writer] = (await signIn(server, { ...team, members: team.members.slice(writerIndex, writerIndex + 1) }, 1)) as [BrowserLikeClient];
        const changed = await writer.post("/api/blockers", { title: "Changing all the time", blockingProfileIds: [team.members[1]?.profileId] });
        if (changed.status !== 201) throw new Error(`set-up failed: ${changed.text}`);
        const changingId = (changed.json as { id: string }).id;
        // As the web app asks since several teams per person (decision 029): each request names its team.
        const inTeam = { [TEAM_HEADER]: team.teamId };
        // A page names its team by the cookie the tab writes (decision 053).
        const pageCookies = dashboardCookies.map((cookie) => `${cookie}; holdup.team=${team.teamId}`);
        const heavyCookies = pageCookies.slice(1, 2);
        const rounds: { bare: LoadResult; dashboard: LoadResult; page: LoadResult; heavyPage: LoadResult; list: LoadResult; listCompressed: LoadResult; dashboardWhileChanging: DashboardResult["dashboardWhileChanging"] }[] = [];
        for (let round = 0; round < options.rounds; round++) {
          const warmUp = options.warmUp && round === 0;
          rounds.push({
            bare: await load(bareUrl, { connections: concurrentUsers, seconds: options.seconds, warmUp }),
            dashboard: await load(server.url, { connections: concurrentUsers, seconds: options.seconds, cookies: dashboardCookies, paths: DASHBOARD_PATHS, headers: inTeam, warmUp }),
            // Warmed up in every kind of run (the first page loads the renderer, about a second once per process), and
            // given three seconds at least: a drawn page costs tens of milliseconds, the heavy member's over a hundred
            // (issue #28), and a one-second smoke round beside three other benchmarks could end before its first answer.
            page: await load(server.url, { connections: concurrentUsers, seconds: Math.max(options.seconds, PAGE_SECONDS_AT_LEAST), cookies: pageCookies, paths: PAGE_PATHS, headers: AS_A_BROWSER, warmUp: round === 0 }),
            heavyPage: await load(server.url, { connections: concurrentUsers, seconds: Math.max(options.seconds, PAGE_SECONDS_AT_LEAST), cookies: heavyCookies, paths: PAGE_PATHS, headers: AS_A_BROWSER, warmUp: round === 0 }),
            list: await load(server.url, { connections: concurrentUsers, seconds: options.seconds, cookies: listCookies, paths: LIST_PATHS, headers: inTeam, warmUp }),
            listCompressed: await load(server.url, { connections: concurrentUsers, seconds: options.seconds, cookies: listCookies, paths: LIST_PATHS, headers: { ...AS_A_BROWSER, ...inTeam }, warmUp: false }),
            dashboardWhileChanging: await whileTeamChanges(writer, changingId, () =>
              load(server.url, { connections: concurrentUsers, seconds: options.seconds, cookies: dashboardCookies, paths: DASHBOARD_PATHS, headers: inTeam, warmUp: false }),
            ),
          });
        }
        const failures = rounds.reduce((sum, round) => sum + [round.dashboard, round.page, round.heavyPage, round.list, round.listCompressed, round.dashboardWhileChanging].reduce((count, result) => count + result.non2xx + result.errors, 0), 0);
        if (failures > 0) throw new Error(`${failures} dashboard requests failed`);
        const typical = (pick: (round: (typeof rounds)[number]) => LoadResult) => [...rounds].sort((a, b) => pick(a).p50 - pick(b).p50)[Math.floor(rounds.length / 2)] ?? rounds[0];
        const isLargest = index === options.sizes.length - 1;
        results.push({
          size,
          bare: typical((round) => round.dashboard)?.bare as LoadResult,
          dashboard: typical((round) => round.dashboard)?.dashboard as LoadResult,
          page: typical((round) => round.page)?.page as LoadResult,
          heavyPage: typical((round) => round.heavyPage)?.heavyPage as LoadResult,
          pageRatioToJson: median(rounds.map((round) => round.page.requestsPerSecond / round.dashboard.requestsPerSecond)),
          list: typical((round) => round.list)?.list as LoadResult,
          listCompressed: typical((round) => round.listCompressed)?.listCompressed as LoadResult,
          dashboardWhileChanging: typical((round) => round.dashboardWhileChanging)?.dashboardWhileChanging as DashboardResult["dashboardWhileChanging"],
          ratioToBare: median(rounds.map((round) => round.dashboard.requestsPerSecond / round.bare.requestsPerSecond)),
          listRatioToBare: median(rounds.map((round) => round.list.requestsPerSecond / round.bare.requestsPerSecond)),
          ...(isLargest
            ? {
                plans: await explainDashboard(server, team.members[1]?.authId ?? ""),
                liveEvents: await measureLiveEvents(server, await signIn(server, team, 2), team.members.map((member) => member.profileId), options.liveSamples),
              }
            : {}),
        });
      } finally {
        await server.stop();
        cleanUp();
        await database?.drop();
      }
    }
  } finally {
    bare.close();
  }
  return results;
}
