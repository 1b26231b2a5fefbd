// Property-based fuzzing of every route the server answers, generated from the route table (Holdup's Hono routes
// and better-auth's HTTP endpoints, route-table.ts): hostile requests, signed out, signed in as a team member and as
// a newcomer without a team, must never get a 5xx, an answer that shows the server's insides, or a refusal that gives
// no reason (answer-rules.ts).
//
// The routes are dealt to FUZZ_SHARDS test files (server/http/fuzz-shard-N.test.ts), each with its own server, so
// that no file runs for minutes and the two test workers share the work; each shard checks it fuzzed its whole share.
//
// FUZZ_RUNS=n   hostile requests per route (default 200; `npm run test:unit` sends 100)
// FUZZ_SEED=n   repeat a run: each route's seed derives from it (printed at the start and in every failure)
// FUZZ_ROUTE="POST /api/blockers"   fuzz that route only (the completeness checks are then skipped)
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { createApp } from "../../app.ts";
import { startSlackStandIn } from "../slack-stand-in.ts";
import { startTestServer } from "../test-server.ts";
import { isUnrouted, problemsWithAnswer } from "./answer-rules.ts";
import { discoverBodyFields, discoverQueryFields } from "./discover-fields.ts";
import { makeFuzzedTeams } from "./fuzzed-teams.ts";
import { hostileRequest } from "./hostile-input.ts";
import { type Route, routeKey, routeTable } from "./route-table.ts";
import { keepAliveAgent, sendHostileRequest } from "./send-hostile-request.ts";

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const ONLY_ROUTE = process.env.FUZZ_ROUTE;
/** The limit for one route's runs: a route slower than this on a loaded 2-core machine is a finding of its own. */
const ROUTE_TIMEOUT_MS = 240_000;
const SHRINK_AND_RUN_LIMIT_MS = 150_000;
/** How many test files share the routes: four files of about a minute each, instead of one of five. */
export const FUZZ_SHARDS = 4;

/** Each shard's routes: every FUZZ_SHARDS-th of the sorted table, so each holds some of every kind. */
const inShard = (shard: number) => (_route: Route, index: number) => index % FUZZ_SHARDS === shard - 1;

/** Each route's own seed, so that one route can be repeated alone (FUZZ_ROUTE) with the seed of the whole run. */
function seedFor(key: string): number {
  let hash = SEED;
  for (const character of key) hash = (Math.imul(hash, 31) + character.charCodeAt(0)) | 0;
  return hash;
}

/** Declares the tests of one shard (1 … FUZZ_SHARDS); its file awaits this at its top. */
export async function fuzzShard(shard: number) {
  // The route table is read from the running app, so the server starts while the tests are collected.
  // SMTP on, as in production: sign-up then sends a confirmation and leaves the account unconfirmed.
  // Slack configured (against its stand-in), so that its routes are fuzzed past "Slack is not set up".
  const slack = await startSlackStandIn();
  const server = await startTestServer({ smtp: true, environment: slack.environment });
  afterAll(async () => {
    await server.stop();
    await slack.close();
  });

  const routes = routeTable(createApp(server.deps), server.deps.auth).filter(inShard(shard));
  let teams = await makeFuzzedTeams(server);

  /** A request that revoked the member's session or removed them from their team spoils the next routes' runs: rebuilt. */
  async function intactTeams() {
    if (!(await teams.isIntact())) teams = await makeFuzzedTeams(server);
    return teams;
  }

  const fuzzed = new Map<string, { runs: number; reached: number }>();
  // One kept-alive connection for the shard's requests, as a browser's: a reset one fails the request sent on it.
  const connection = keepAliveAgent();
  afterAll(() => connection.destroy());

  describe(`every route of shard ${shard} of ${FUZZ_SHARDS}, given ${RUNS} hostile requests (FUZZ_SEED=${SEED} repeats this run)`, () => {
    for (const route of routes) {
      const key = routeKey(route);
      if (ONLY_ROUTE && key !== ONLY_ROUTE) continue;
      it(`${key} answers without a 5xx, a leak or a refusal without a reason`, { timeout: ROUTE_TIMEOUT_MS }, async () => {
        const { known, cookies, keys } = await intactTeams();
        const discovered = route.owner === "holdup" ? await discoverBodyFields(server.url, route, cookies.member, keys.member) : { fields: [], required: [], choices: {} };
        const queryFields = route.owner === "holdup" ? await discoverQueryFields(server.url, route, cookies.member, keys.member) : [];
        const withFields = { ...route, bodyFields: [...new Set([...route.bodyFields, ...discovered.fields])], queryFields: [...new Set([...route.queryFields, ...queryFields])] };
        const tally = { runs: 0, reached: 0 };
        fuzzed.set(key, tally);
        await fc.assert(
          fc.asyncProperty(hostileRequest(withFields, known, discovered), async (request) => {
            const answer = await sendHostileRequest(server.url, request, cookies[request.identity], keys[request.identity], connection);
            tally.runs++;
            if (!isUnrouted(answer)) tally.reached++;
            const problems = problemsWithAnswer(request, answer);
            if (problems.length > 0) throw new Error(`${request.method} ${request.path}${request.query ? `?${request.query}` : ""} as ${request.identity}: ${problems.join("; ")}`);
          }),
          // Shrinking sends a request per step: past the limit, the counterexample found so far is reported as it is.
          { numRuns: RUNS, seed: seedFor(key), interruptAfterTimeLimit: SHRINK_AND_RUN_LIMIT_MS },
        );
        expect(tally.runs).toBeGreaterThanOrEqual(RUNS);
      });
    }
  });

  describe.skipIf(ONLY_ROUTE !== undefined)(`the fuzzed routes of shard ${shard}`, () => {
    it("are every route of this shard's share of the app, each fuzzed with the full number of hostile requests and reached by some", () => {
      const app = createApp(server.deps);
      const table = routeTable(app, server.deps.auth);
      const share = table.filter(inShard(shard)).map(routeKey);
      expect([...fuzzed.keys()].sort()).toEqual(share.sort());
      // Hono's own list, read without the route table's help: every handler on a path without a wildcard is in the
      // table, and so in one shard's share.
      const tableKeys = new Set(table.map(routeKey));
      const handlerKeys = app.routes.filter(({ method, path }) => !path.includes("*") && method !== "ALL").map(({ method, path }) => `${method} ${path}`);
      expect(handlerKeys.filter((key) => !tableKeys.has(key))).toEqual([]);
      // Catch-alls answer "not found" by design; every other route must have been reached past the router.
      const neverReached = [...fuzzed].filter(([key, tally]) => !key.endsWith("/*") && tally.reached === 0).map(([key]) => key);
      expect(neverReached).toEqual([]);
    });

    it("send their hostile text in the query fields each Holdup route takes, learnt from the route itself", async () => {
      const { cookies, keys } = await intactTeams();
      const members = routeTable(createApp(server.deps), server.deps.auth).find((route) => routeKey(route) === "GET /api/team/members");
      expect(members).toBeDefined();
      expect((await discoverQueryFields(server.url, members ?? routes[0]!, cookies.member, keys.member)).sort()).toEqual(["cursor", "q"]);
    });

    it("are dealt to the shard files that exist, one file per shard", () => {
      const files = fs.readdirSync(fileURLToPath(new URL("../../http/", import.meta.url))).filter((file) => /^fuzz-shard-\d+\.test\.ts$/.test(file));
      expect(files.sort()).toEqual(Array.from({ length: FUZZ_SHARDS }, (_, index) => `fuzz-shard-${index + 1}.test.ts`).sort());
    });

    it("include Holdup's routes and better-auth's HTTP endpoints, and none of better-auth's server-only ones", () => {
      const keys = routeTable(createApp(server.deps), server.deps.auth).map(routeKey);
      for (const expected of ["PATCH /api/profile", "POST /api/blockers/:id/snooze", "GET /api/blockers/resolved", "POST /api/auth/resend", "POST /api/auth/sign-up/email", "POST /api/auth/update-user", "GET /api/auth/reset-password/:token", "POST /api/auth/organization/create", "POST /api/auth/*", "ALL /api/*"]) {
        expect(keys).toContain(expected);
      }
      expect(keys.some((key) => key.includes("undefined"))).toBe(false);
      expect(keys).not.toContain("POST /api/auth/set-password");
    });
  });
}
