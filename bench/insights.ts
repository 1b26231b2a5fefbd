// The team's report at scale (issue #13): /api/insights/team over the last 90 days for a team of 50, read by a few
// members at once, as the team's history grows from 10,000 to 1,000,000 blocking entries — with the last 90 days
// holding the same work at every size (50 blockers a day), since what grows in a real team is its past. Each size
// on a fresh server, on PGlite and on PostgreSQL, beside a bare Hono endpoint. Two figures: the report as members
// read it (kept for the team between changes, decision 037) and a cold read straight after a change.
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { TEAM_HEADER } from "../common/teams.ts";
import { createTestDatabase } from "../server/test/test-server.ts";
import { freePort, load, median, type LoadResult } from "./measure.ts";
import { seedHistory, seedMembers, signIn, startBenchServer } from "./seed-team.ts";

const MEMBERS = 50;
/** People reading the team's report at the same moment: a report is read, not hammered. */
export const INSIGHT_READERS = 5;
const BLOCKERS_PER_DAY = 50;
const OPEN = 200;

export type InsightsSize = { label: string; blockers: number };
export type InsightsResult = { database: "PGlite" | "PostgreSQL"; size: InsightsSize; seedSeconds: number; measured: LoadResult; bare: LoadResult; bytes: number; coldMs: number };

/** Cold reads per size: each after a change in the team, so the kept report is stale and read from the database. */
const COLD_READS = 7;

export async function benchInsights(options: { databaseAdminUrl?: string; sizes: InsightsSize[]; seconds: number; warmUp: boolean }): Promise<InsightsResult[]> {
  const results: InsightsResult[] = [];
  const bare = serve({ fetch: new Hono().get("/", (c) => c.json({ ok: true })).fetch, port: await freePort() });
  const bareUrl = `http://127.0.0.1:${(bare.address() as { port: number }).port}/`;
  try {
    for (const size of options.sizes) {
      const database = options.databaseAdminUrl ? await createTestDatabase(options.databaseAdminUrl) : undefined;
      const { server, cleanUp } = await startBenchServer(database?.url);
      try {
        const started = performance.now();
        const team = await seedMembers(server, MEMBERS, { signedUp: INSIGHT_READERS });
        await seedHistory(server, team, { blockers: size.blockers, perDay: BLOCKERS_PER_DAY, open: OPEN });
        const seedSeconds = (performance.now() - started) / 1000;
        const readers = await signIn(server, team, INSIGHT_READERS);
        const headers = { [TEAM_HEADER]: team.teamId };
        const first = await readers[0]?.request("/api/insights/team?days=90", { headers });
        if (first?.status !== 200) throw new Error(`the report failed: ${first?.status} ${first?.text}`);
        // The report read from the database: a teammate comments on a blocker (the team's kept answers go stale),
        // then one member opens the report. Median of COLD_READS.
        const [reader] = readers;
        if (!reader) throw new Error("no reader");
        const logged = await reader.request("/api/blockers", { method: "POST", json: { title: "Changed while the report is read", blockingProfileIds: [team.members[1]?.profileId] }, headers });
        if (logged.status !== 201) throw new Error(`set-up failed: ${logged.text}`);
        const changing = (logged.json as { id: string }).id;
        const cold: number[] = [];
        for (let read = 0; read < COLD_READS; read++) {
          const commented = await reader.request(`/api/blockers/${changing}/comments`, { method: "POST", json: { body: `Change ${read}` }, headers });
          if (commented.status !== 201) throw new Error(`set-up failed: ${commented.text}`);
          const asked = performance.now();
          const answer = await reader.request("/api/insights/team?days=90", { headers });
          cold.push(performance.now() - asked);
          if (answer.status !== 200) throw new Error(`the report failed: ${answer.status}`);
        }
        const bareResult = await load(bareUrl, { connections: INSIGHT_READERS, seconds: options.seconds, warmUp: options.warmUp });
        const measured = await load(server.url, { connections: INSIGHT_READERS, seconds: options.seconds, cookies: readers.map((one) => one.cookieHeader), paths: ["/api/insights/team?days=90"], headers, warmUp: options.warmUp });
        if (measured.non2xx + measured.errors > 0) throw new Error(`${measured.non2xx + measured.errors} report requests failed`);
        results.push({ database: database ? "PostgreSQL" : "PGlite", size, seedSeconds, measured, bare: bareResult, bytes: first.text.length, coldMs: median(cold) });
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
