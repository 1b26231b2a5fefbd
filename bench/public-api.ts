// The public API under load (issue #14): GET /api/v1/blockers for 50 scripts at once, each with its own API key, on
// a team of 50 with 2,000 blockers (200 open); and the API-key check alone (requireApiKey answering JSON) beside a
// bare Hono endpoint, served by this process and loaded in turns, round after round, like the session check: each
// round's ratio is taken against that round's bare endpoint.
import { serve } from "@hono/node-server";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { apikey } from "../server/db/schema.ts";
import { requireApiKey } from "../server/features/api-keys/api-key-check.ts";
import { createApiKey } from "../server/features/api-keys/manage-api-keys.ts";
import type { AppEnv } from "../server/http/app-env.ts";
import { findMember } from "../server/http/require-member.ts";
import type { RunningServer } from "../server/start-server.ts";
import { freePort, load, median, type LoadResult } from "./measure.ts";
import { seedBlockers, seedMembers, startBenchServer, type SeededTeam } from "./seed-team.ts";

export type PublicApiResult = { database: string; bare: LoadResult; keyCheck: LoadResult; keyCheckRatio: number; list: LoadResult };

/** One read-only key per member, its stored limit raised above the load (600 a minute would answer 429 within seconds). */
async function keysFor(server: RunningServer, team: SeededTeam): Promise<string[]> {
  const keys: string[] = [];
  for (const person of team.members) {
    const member = await findMember(server.deps.db, person.authId, team.teamId);
    if (!member) throw new Error(`${person.email} is not in the team`);
    const made = await createApiKey(server.deps, member, person.authId, { name: "Bench", scope: "read", expiresInDays: "7" }, server.deps.clock.now());
    await server.deps.db.update(apikey).set({ rateLimitMax: 100_000_000 }).where(eq(apikey.id, made.id));
    keys.push(made.key);
  }
  return keys;
}

async function serveApp(fetch: (request: Request) => Response | Promise<Response>) {
  const port = await freePort();
  const server = serve({ fetch, port });
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The list read by `scripts` scripts at once (50 in a full run), each a member of the team with a key of their own. */
export async function benchPublicApi(options: { databaseUrl: string | undefined; database: string; scripts: number; seconds: number; rounds: number; warmUp: boolean }): Promise<PublicApiResult> {
  const { server, cleanUp } = await startBenchServer(options.databaseUrl);
  const bare = await serveApp(new Hono().get("/", (c) => c.json({ ok: true })).fetch);
  const checked = await serveApp(new Hono<AppEnv>().use(requireApiKey(server.deps)).get("/", (c) => c.json({ ok: true, key: c.get("apiKey").id })).fetch);
  try {
    const team = await seedMembers(server, options.scripts, { signedUp: 1 });
    await seedBlockers(server, team, { blockers: 2_000, perBlocker: 2, open: 200 });
    const bearers = await keysFor(server, team);
    const rounds: { bare: LoadResult; keyCheck: LoadResult }[] = [];
    for (let round = 0; round < options.rounds; round++) {
      const warmUp = options.warmUp && round === 0;
      const bareResult = await load(bare.url, { connections: 10, seconds: options.seconds, warmUp });
      const keyResult = await load(checked.url, { connections: 10, seconds: options.seconds, bearers, warmUp });
      for (const result of [bareResult, keyResult]) if (result.non2xx > 0 || result.errors > 0) throw new Error(`the key check failed ${result.non2xx + result.errors} times: ${JSON.stringify(result.statuses)}`);
      rounds.push({ bare: bareResult, keyCheck: keyResult });
    }
    const list = await load(`${server.url}/api/v1/blockers?view=team&limit=25`, { connections: options.scripts, seconds: options.seconds * 2, bearers, warmUp: options.warmUp });
    if (list.non2xx > 0 || list.errors > 0) throw new Error(`GET /api/v1/blockers failed ${list.non2xx + list.errors} times: ${JSON.stringify(list.statuses)}`);
    const typical = (pick: (each: (typeof rounds)[number]) => LoadResult) => [...rounds.map(pick)].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(rounds.length / 2)] as LoadResult;
    return {
      database: options.database,
      bare: typical((each) => each.bare),
      keyCheck: typical((each) => each.keyCheck),
      keyCheckRatio: median(rounds.map((each) => each.keyCheck.requestsPerSecond / each.bare.requestsPerSecond)),
      list,
    };
  } finally {
    await checked.close();
    await bare.close();
    await server.stop();
    cleanUp();
  }
}
