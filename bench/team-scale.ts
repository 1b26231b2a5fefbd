// The board and search at a large team's scale, on PostgreSQL: the team board for a team of 200 with 2,000 open
// blockers, and search over a team's 1,000,000 blockers (words drawn from a vocabulary, so a word matches a share of
// them, as real words do), each loaded by 20 members at once (`people`) beside a bare Hono endpoint.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { TEAM_HEADER } from "../common/teams.ts";
import { loadConfig } from "../server/config.ts";
import { startServer, type RunningServer } from "../server/start-server.ts";
import { createTestDatabase } from "../server/test/test-server.ts";
import { freePort, load, type LoadResult } from "./measure.ts";
import { seedBlockers, seedMembers, signIn } from "./seed-team.ts";

export type ScaleResult = { label: string; bare: LoadResult; measured: LoadResult; seedSeconds: number };

/** How each measurement is loaded: `people` members at once for `seconds`, after an uncounted warm-up when `warmUp`. */
type Load = { people: number; seconds: number; warmUp: boolean };

async function withServer<T>(databaseAdminUrl: string, run: (server: RunningServer) => Promise<T>): Promise<T> {
  const database = await createTestDatabase(databaseAdminUrl);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "holdup-bench-scale-"));
  const server = await startServer(loadConfig({ PORT: String(await freePort()), DATA_DIR: dataDir, DATABASE_URL: database.url, LOG_LEVEL: "error", TRUST_PROXY: "loopback" }));
  try {
    return await run(server);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

/** Loads `paths` as the team's members, each request naming the team as the web app's do (decision 029). */
async function measure(server: RunningServer, teamId: string, cookies: string[], paths: string[], { people, seconds, warmUp }: Load) {
  const bare = serve({ fetch: new Hono().get("/", (c) => c.json({ ok: true })).fetch, port: await freePort() });
  try {
    const bareUrl = `http://127.0.0.1:${(bare.address() as { port: number }).port}/`;
    const bareResult = await load(bareUrl, { connections: people, seconds, warmUp });
    const measured = await load(server.url, { connections: people, seconds, cookies, paths, headers: { [TEAM_HEADER]: teamId }, warmUp });
    if (measured.non2xx + measured.errors > 0) throw new Error(`${measured.non2xx + measured.errors} requests failed`);
    return { bare: bareResult, measured };
  } finally {
    bare.close();
  }
}

/** The team board (`/api/blockers/team`, each order) for `people` members (20 in a full run) of a team of `members` with `open` open blockers. */
export async function benchTeamBoard(options: { databaseAdminUrl: string; members: number; open: number; history: number } & Load): Promise<ScaleResult> {
  return withServer(options.databaseAdminUrl, async (server) => {
    const started = performance.now();
    const team = await seedMembers(server, options.members, { signedUp: options.people });
    await seedBlockers(server, team, { blockers: options.history + options.open, perBlocker: 2, open: options.open });
    const seedSeconds = (performance.now() - started) / 1000;
    const cookies = (await signIn(server, team, options.people)).map((client) => client.cookieHeader);
    const paths = ["/api/blockers/team", "/api/blockers/team?sort=priority", "/api/blockers/team?sort=due"];
    return { label: `team board: ${options.members} members, ${options.open.toLocaleString("en")} open blockers`, seedSeconds, ...(await measure(server, team.teamId, cookies, paths, options)) };
  });
}

/** A vocabulary of made-up words (two syllables each), so titles have real word frequencies to search among. */
const SYLLABLES = ["ka", "lo", "mi", "nu", "pe", "ra", "si", "to", "va", "ze", "bri", "dan", "fel", "gor", "hux", "jin", "mor", "pax", "quo", "tev"];
const VOCABULARY = SYLLABLES.flatMap((first) => SYLLABLES.map((second) => first + second)); // 400 words

/**
 * Search (`/api/search?q=…`) by `people` members over a team's `blockers` blockers: titles of five words of the
 * vocabulary, so a word is in about 1 title in 80; the queries are what people type on the way to a word (its
 * first two and three letters, the whole word) and two words.
 */
export async function benchSearch(options: { databaseAdminUrl: string; blockers: number } & Load): Promise<ScaleResult> {
  return withServer(options.databaseAdminUrl, async (server) => {
    const started = performance.now();
    const team = await seedMembers(server, options.people);
    await seedBlockers(server, team, { blockers: options.blockers, perBlocker: 1, open: Math.min(500, options.blockers) });
    const words = sql.raw(`array[${VOCABULARY.map((word) => `'${word}'`).join(",")}]`);
    await server.deps.db.execute(sql`update blockers set title = (select string_agg((${words})[1 + floor(random() * ${VOCABULARY.length})::int], ' ') from generate_series(1, 5) where blockers.id is not null)`);
    await server.deps.db.execute(sql`vacuum analyze blockers`);
    const seedSeconds = (performance.now() - started) / 1000;
    const cookies = (await signIn(server, team, options.people)).map((client) => client.cookieHeader);
    const typed = VOCABULARY.filter((_, index) => index % 37 === 0).flatMap((word, index) => [word.slice(0, 2), word.slice(0, 3), word, `${word} ${VOCABULARY[(index * 7) % VOCABULARY.length]?.slice(0, 3)}`]);
    const paths = typed.map((text) => `/api/search?q=${encodeURIComponent(text)}`);
    return { label: `search: ${options.blockers.toLocaleString("en")} blockers in the team`, seedSeconds, ...(await measure(server, team.teamId, cookies, paths, options)) };
  });
}

/**
 * The member list of /organization/access (`/api/team/members`: its first page, the next one, a search by name) for
 * `people` members (20 in a full run) of a team of `members`, each with open parts waiting on them among `open` open blockers.
 */
export async function benchAccess(options: { databaseAdminUrl: string; members: number; open: number } & Load): Promise<ScaleResult> {
  return withServer(options.databaseAdminUrl, async (server) => {
    const started = performance.now();
    const team = await seedMembers(server, options.members, { signedUp: options.people });
    await seedBlockers(server, team, { blockers: options.open * 2, perBlocker: 2, open: options.open });
    await server.deps.db.execute(sql`vacuum analyze`);
    const seedSeconds = (performance.now() - started) / 1000;
    const clients = await signIn(server, team, options.people);
    const cookies = clients.map((client) => client.cookieHeader);
    const first = (await clients[0]?.inTeam(team.teamId).request("/api/team/members"))?.json as { nextCursor: string | null; total: number };
    if (first.total !== options.members || !first.nextCursor) throw new Error(`set-up failed: the list holds ${first.total} members`);
    const paths = ["/api/team/members", `/api/team/members?cursor=${first.nextCursor}`, "/api/team/members?q=member%2012"];
    return { label: `members list: ${options.members.toLocaleString("en")} members, ${options.open.toLocaleString("en")} open blockers`, seedSeconds, ...(await measure(server, team.teamId, cookies, paths, options)) };
  });
}
