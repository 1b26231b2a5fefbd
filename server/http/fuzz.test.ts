// Property-based fuzzing of every route the server answers, generated from the route table (Holdup's Hono routes
// and better-auth's HTTP endpoints, server/test/fuzz/route-table.ts): hostile requests, signed out, signed in as a
// team member and as a newcomer without a team, must never get a 5xx, an answer that shows the server's insides,
// or a refusal that gives no reason (server/test/fuzz/answer-rules.ts).
//
// FUZZ_RUNS=n   hostile requests per route (default 200; `npm run test:unit` sends 100, `npm run test:postgres` 40)
// FUZZ_SEED=n   repeat a run: each route's seed derives from it (printed at the start and in every failure)
// FUZZ_ROUTE="POST /api/blockers"   fuzz that route only (the completeness check is then skipped)
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { isUnrouted, problemsWithAnswer } from "../test/fuzz/answer-rules.ts";
import { discoverBodyFields } from "../test/fuzz/discover-fields.ts";
import { makeFuzzedTeams } from "../test/fuzz/fuzzed-teams.ts";
import { hostileRequest } from "../test/fuzz/hostile-input.ts";
import { routeKey, routeTable } from "../test/fuzz/route-table.ts";
import { sendHostileRequest } from "../test/fuzz/send-hostile-request.ts";
import { startSlackStandIn } from "../test/slack-stand-in.ts";
import { startTestServer } from "../test/test-server.ts";

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const ONLY_ROUTE = process.env.FUZZ_ROUTE;
/** The limit for one route's runs: a route slower than this on a loaded 2-core machine is a finding of its own. */
const ROUTE_TIMEOUT_MS = 240_000;
const SHRINK_AND_RUN_LIMIT_MS = 150_000;

// The route table is read from the running app, so the server starts while the tests are collected.
// SMTP on, as in production: sign-up then sends a confirmation and leaves the account unconfirmed.
// Slack configured (against its stand-in), so that its routes are fuzzed past "Slack is not set up".
const slack = await startSlackStandIn();
const server = await startTestServer({ smtp: true, environment: slack.environment });
afterAll(async () => {
  await server.stop();
  await slack.close();
});

const routes = routeTable(createApp(server.deps), server.deps.auth);
let teams = await makeFuzzedTeams(server);

/** Each route's own seed, so that one route can be repeated alone (FUZZ_ROUTE) with the seed of the whole run. */
function seedFor(key: string): number {
  let hash = SEED;
  for (const character of key) hash = (Math.imul(hash, 31) + character.charCodeAt(0)) | 0;
  return hash;
}

/** A request that revoked the member's session or removed them from their team spoils the next routes' runs: rebuilt. */
async function intactTeams() {
  if (!(await teams.isIntact())) teams = await makeFuzzedTeams(server);
  return teams;
}

const fuzzed = new Map<string, { runs: number; reached: number }>();

describe(`every route, given ${RUNS} hostile requests (FUZZ_SEED=${SEED} repeats this run)`, () => {
  for (const route of routes) {
    const key = routeKey(route);
    if (ONLY_ROUTE && key !== ONLY_ROUTE) continue;
    it(`${key} answers without a 5xx, a leak or a refusal without a reason`, { timeout: ROUTE_TIMEOUT_MS }, async () => {
      const { known, cookies, keys } = await intactTeams();
      const discovered = route.owner === "holdup" ? await discoverBodyFields(server.url, route, cookies.member, keys.member) : { fields: [], required: [], choices: {} };
      const withFields = { ...route, bodyFields: [...new Set([...route.bodyFields, ...discovered.fields])] };
      const tally = { runs: 0, reached: 0 };
      fuzzed.set(key, tally);
      await fc.assert(
        fc.asyncProperty(hostileRequest(withFields, known, discovered), async (request) => {
          const answer = await sendHostileRequest(server.url, request, cookies[request.identity], keys[request.identity]);
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

describe.skipIf(ONLY_ROUTE !== undefined)("the fuzzed routes", () => {
  it("are every route the app answers, each fuzzed with the full number of hostile requests and reached by some", () => {
    const app = createApp(server.deps);
    const table = routeTable(app, server.deps.auth).map(routeKey);
    expect([...fuzzed.keys()].sort()).toEqual(table.sort());
    // Hono's own list, read without the route table's help: every handler on a path without a wildcard is fuzzed.
    const handlerKeys = app.routes.filter(({ method, path }) => !path.includes("*") && method !== "ALL").map(({ method, path }) => `${method} ${path}`);
    expect(handlerKeys.filter((key) => !fuzzed.has(key))).toEqual([]);
    // Catch-alls answer "not found" by design; every other route must have been reached past the router.
    const neverReached = [...fuzzed].filter(([key, tally]) => !key.endsWith("/*") && tally.reached === 0).map(([key]) => key);
    expect(neverReached).toEqual([]);
  });

  it("include Holdup's routes and better-auth's HTTP endpoints, and none of better-auth's server-only ones", () => {
    const keys = [...fuzzed.keys()];
    for (const expected of ["PATCH /api/profile", "POST /api/blockers/:id/snooze", "GET /api/blockers/resolved", "POST /api/auth/resend", "POST /api/auth/sign-up/email", "POST /api/auth/update-user", "GET /api/auth/reset-password/:token", "POST /api/auth/organization/create", "POST /api/auth/*", "ALL /api/*"]) {
      expect(keys).toContain(expected);
    }
    expect(keys.some((key) => key.includes("undefined"))).toBe(false);
    expect(keys).not.toContain("POST /api/auth/set-password");
  });
});
