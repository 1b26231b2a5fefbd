// `npm run bench`: the performance targets, measured side by side in one run; exits non-zero when one is missed
// (a quick run: missed by more than QUICK_TOLERANCE).
// Options: --quick (shorter runs and smaller data, for CI), --only startup,session,dashboard,scale,reminders,slack,insights,webhooks,api,tray
// --database-url URL (PostgreSQL used to create scratch databases; default: the machine's test database).
import { parseArgs } from "node:util";
import { createTestDatabase } from "../server/test/test-server.ts";
import { benchDashboard, HEAVY_OPEN_ITEMS, type DataSize } from "./dashboard.ts";
import { median, percentile } from "./measure.ts";
import { benchAccess, benchSearch, benchTeamBoard, type ScaleResult } from "./team-scale.ts";
import { compareSessionCheck } from "./session-check.ts";
import { benchIdleEngine, benchReminderThroughput } from "./reminders.ts";
import { benchInsights, INSIGHT_READERS } from "./insights.ts";
import { benchSlackAnswers, SLACK_CONNECTIONS } from "./slack.ts";
import { measureStartup } from "./startup.ts";
import { benchWebhookFanOut, WEBHOOK_ENDPOINTS } from "./webhooks.ts";
import { API_SCRIPTS, benchPublicApi } from "./public-api.ts";
import { benchTray, type ProcessMemory } from "./tray.ts";

const { values } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    "database-url": { type: "string", default: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test" },
    only: { type: "string", default: "startup,session,dashboard,scale,reminders,slack,insights,webhooks,api,tray" },
  },
});
const quick = values.quick;
const adminUrl = values["database-url"];
const targets = {
  startupSeconds: 3,
  pgliteMegabytes: 450,
  postgresMegabytes: 150,
  sessionCheckRatio: 0.5,
  dashboardP50Growth: 1.5,
  /**
   * autocannon reports latencies in whole milliseconds: a p50 of 2 ms against 4 ms is rounding, not growth. Below
   * this floor two p50s are taken as equal (decision 028 brought the dashboard's p50 to 2–5 ms).
   */
  p50ResolutionMs: 5,
  dashboardP99Ms: { PGlite: 100, PostgreSQL: 50 },
  listRatioOnPostgres: 0.06,
  teamBoardP99Ms: 100,
  searchP95Ms: 50,
  /** Issue #10: a team of 1,000 members loads /organization/access in 200 ms at the 95th percentile, on PostgreSQL. */
  accessP95Ms: 200,
  liveEventP99Ms: 100,
  /** Issue #11: due reminders decided and delivered to a local SMTP server, per second. */
  remindersPerSecond: { PGlite: 100, PostgreSQL: 300 },
  /** Issue #11: the share of one core the reminder engine takes while nothing is due, 100,000 open blockers. */
  idleCoreShare: 0.05,
  /** Issue #12: commands and button presses from Slack answered, 50 at once, within 300 ms at the 99th percentile. */
  slackP99Ms: 300,
  /** Issue #13: the team's report over 90 days, a team of 50 with 1,000,000 blocking entries of history. */
  insightsP95Ms: { PGlite: 1000, PostgreSQL: 300 },
  insightsP95Growth: 1.5,
  /** Issue #14: webhook deliveries of a burst of events, to local receivers, per second (PGlite's figure is reported). */
  webhookDeliveriesPerSecond: { PostgreSQL: 300 },
  /** Issue #14: GET /api/v1/blockers for 50 scripts at once, each with its own key, on PostgreSQL. */
  apiListPerSecond: { PostgreSQL: 1000 },
  /** Issue #14: the API-key check against a bare Hono endpoint, like the session check. */
  apiKeyCheckRatio: 0.5,
  /** Issue #15: the tray's own process, resident, at rest after a burst of changes (the programs it starts are reported beside it). */
  trayIdleMegabytes: 60,
  /**
   * Issue #15's "≈ 0% CPU while nothing changes", as a number: at most 10 ms of CPU a second. At rest the tray
   * measures 0–0.03% (the server's keep-alive every 25 s); in a window that starts 10 s after a burst of changes,
   * up to 0.5% (V8's and the Go tray program's last collections). Polling, a few milliseconds a read, would hide under
   * any CPU bound: `trayIdleRequests` catches it instead. Linux counts CPU in 10 ms ticks: one in a quick run's 10 s
   * is 0.1%.
   */
  trayIdleCoreShare: 0.01,
  /** Issue #15: "no polling" — requests from the trays while nothing changes in their team. */
  trayIdleRequests: 0,
  /** Issue #15: a change reaches the tray's menu within a second at the 99th percentile. */
  trayChangeP99Ms: 1000,
};
const failures: string[] = [];
/**
 * A quick run (CI, on a shared two-core machine whose other tenants we cannot see) fails a target only when it is
 * missed by more than a half again: that still catches a real regression (a lost index, a query per row), while a
 * 3.2 s start-up against 3 s on a busy host is noise, printed as a near miss. Full runs hold every target exactly;
 * their figures are the ones in docs/benchmarks.md (decision 036).
 */
const QUICK_TOLERANCE = 1.5;
const nearMisses: string[] = [];
function miss(withinTolerance: boolean, what: string) {
  (quick && withinTolerance ? nearMisses : failures).push(what);
}
/** `measured` must not exceed `target` (a time, a size, a share). */
function atMost(measured: number, target: number, what: string) {
  if (measured > target) miss(measured <= target * QUICK_TOLERANCE, what);
}
/** `measured` must reach `target` (a rate, a ratio to a bare endpoint). */
function atLeast(measured: number, target: number, what: string) {
  if (measured < target) miss(measured >= target / QUICK_TOLERANCE, what);
}
/**
 * Targets of issue #9 (a dashboard that stays fast) not met yet: measured and printed on every run, listed at
 * the end, and not failing the run while the issue is open — the figures are in docs/benchmarks.md. A target
 * moves to `failures` once it is met, so it cannot slip back unnoticed.
 */
const openTargets: string[] = [];
const round = (value: number, digits = 2) => Number(value.toFixed(digits));

async function startUp() {
  console.log("## Start-up (npm start → first 200 on an existing data directory)\n");
  console.log("| database | runs (s) | median (s) | target | resident memory (MB) | target |");
  console.log("|---|---|---|---|---|---|");
  const runs = quick ? 3 : 5;
  const database = await createTestDatabase(adminUrl);
  try {
    for (const result of [await measureStartup({ runs }), await measureStartup({ runs, databaseUrl: database.url })]) {
      const seconds = median(result.secondsToFirst200);
      const memoryTarget = result.database === "PGlite" ? targets.pgliteMegabytes : targets.postgresMegabytes;
      console.log(`| ${result.database} | ${result.secondsToFirst200.map((s) => round(s)).join(", ")} | ${round(seconds)} | ≤ ${targets.startupSeconds} | ${round(result.residentMegabytes, 0)} | ≤ ${memoryTarget} |`);
      atMost(seconds, targets.startupSeconds, `${result.database} start-up ${round(seconds)} s > ${targets.startupSeconds} s`);
      atMost(result.residentMegabytes, memoryTarget, `${result.database} memory ${round(result.residentMegabytes, 0)} MB > ${memoryTarget} MB`);
    }
  } finally {
    await database.drop();
  }
}

async function sessionCheck() {
  const seconds = quick ? 2 : 5;
  const rounds = quick ? 3 : 4;
  console.log(`\n## Session check (requireSession with a session cookie, answering JSON; 10 connections; ${rounds} rounds of ${seconds} s per target, in turns)\n`);
  console.log("| target | requests/s (median round) | p50 (ms) | p99 (ms) | vs bare (median of rounds) | target |");
  console.log("|---|---|---|---|---|---|");
  const database = await createTestDatabase(adminUrl);
  try {
    for (const { target, result, ratioToBare } of await compareSessionCheck({ seconds, rounds, connections: 10, databaseUrl: database.url })) {
      const isBare = target.startsWith("bare");
      console.log(`| ${target} | ${round(result.requestsPerSecond, 0)} | ${result.p50} | ${result.p99} | ${round(ratioToBare * 100, 0)}% | ${isBare ? "—" : `≥ ${targets.sessionCheckRatio * 100}%`} |`);
      if (!isBare) atLeast(ratioToBare, targets.sessionCheckRatio, `${target} reached ${round(ratioToBare * 100, 0)}% of the bare endpoint`);
    }
  } finally {
    await database.drop();
  }
}

// A team of 50 with 500 open blockers (2 people waited on each): what grows from one size to the next is the
// team's history, as it does in real life; open work is bounded by the people doing it.
const dataSizes: DataSize[] = [
  { label: "10,000 entries (5,000 blockers)", blockers: 5_000, perBlocker: 2, open: 500 },
  { label: "200,000 entries (100,000 blockers)", blockers: 100_000, perBlocker: 2, open: 500 },
  ...(quick ? [] : [{ label: "1,000,000 entries (500,000 blockers)", blockers: 500_000, perBlocker: 2, open: 500 }]),
];

async function dashboard() {
  const seconds = quick ? 2 : 5;
  // An odd number, so the round taken as typical is the median one (with two, it was always the slower).
  const rounds = 3;
  console.log(`\n## Dashboard (20 users of a team of 50, one connection each, one of them with ${HEAVY_OPEN_ITEMS} open items; ${rounds} rounds of ${seconds} s, in turns with a bare endpoint)\n`);
  console.log("First load (`/api/dashboard`: counters + both first pages) and one column's list (`/api/blockers/waiting-on-me`, about 20 cards, 20 other users); then the first load again while a teammate changes a blocker five times a second, which makes every kept dashboard of the team stale (decision 028).\n");
  console.log("| database | data | request | requests/s | p50 (ms) | p99 (ms) | bare requests/s | vs bare | p50 vs smallest | target |");
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  const plans: string[] = [];
  for (const [name, databaseAdminUrl] of [["PGlite", undefined], ["PostgreSQL", adminUrl]] as const) {
    const results = await benchDashboard({ databaseAdminUrl, sizes: dataSizes, seconds, rounds, liveSamples: quick ? 50 : 200 });
    const resolved = (p50: number) => Math.max(p50, targets.p50ResolutionMs);
    const smallestP50 = resolved(results[0]?.dashboard.p50 ?? 0);
    const p99Target = targets.dashboardP99Ms[name];
    for (const [index, result] of results.entries()) {
      const growth = resolved(result.dashboard.p50) / smallestP50;
      const isLargest = index === results.length - 1;
      const dashboardTargets = isLargest ? `p50 ≤ ${targets.dashboardP50Growth}× (p50s under ${targets.p50ResolutionMs} ms count as ${targets.p50ResolutionMs}), p99 ≤ ${p99Target} ms` : "—";
      console.log(`| ${name} | ${result.size.label} | dashboard | ${round(result.dashboard.requestsPerSecond, 0)} | ${result.dashboard.p50} | ${result.dashboard.p99} | ${round(result.bare.requestsPerSecond, 0)} | ${round(result.ratioToBare * 100, 1)}% | ${round(growth)}× | ${dashboardTargets} |`);
      const listTarget = name === "PostgreSQL" && isLargest ? `≥ ${targets.listRatioOnPostgres * 100}% of bare` : "—";
      console.log(`| ${name} | ${result.size.label} | one list | ${round(result.list.requestsPerSecond, 0)} | ${result.list.p50} | ${result.list.p99} | — | ${round(result.listRatioToBare * 100, 1)}% | — | ${listTarget} |`);
      const compressed = result.listCompressed;
      console.log(`| ${name} | ${result.size.label} | one list, compressed (Accept-Encoding: br) | ${round(compressed.requestsPerSecond, 0)} | ${compressed.p50} | ${compressed.p99} | — | — | — | — |`);
      const changing = result.dashboardWhileChanging;
      console.log(`| ${name} | ${result.size.label} | dashboard, ${round(changing.changes / seconds, 1)} changes/s in the team | ${round(changing.requestsPerSecond, 0)} | ${changing.p50} | ${changing.p99} | — | — | — | — (decision 028) |`);
      if (!isLargest) continue;
      atMost(growth, targets.dashboardP50Growth, `${name}: dashboard p50 grew ${round(growth)}× from the smallest to the largest data set`);
      atMost(result.dashboard.p99, p99Target, `${name}: dashboard p99 ${result.dashboard.p99} ms > ${p99Target} ms`);
      if (name === "PostgreSQL") atLeast(result.listRatioToBare, targets.listRatioOnPostgres, `${name}: one list at ${round(result.listRatioToBare * 100, 1)}% of the bare endpoint < ${targets.listRatioOnPostgres * 100}%`);
    }
    const largest = results.at(-1);
    if (largest?.liveEvents) {
      const live = largest.liveEvents;
      console.log(`| ${name} | live event: a change → another user's open stream (${live.samples} samples) | — | — | ${round(live.p50, 1)} | ${round(live.p99, 1)} | — | — | — | p99 ≤ ${targets.liveEventP99Ms} ms |`);
      atMost(live.p99, targets.liveEventP99Ms, `${name}: live event p99 ${round(live.p99, 1)} ms > ${targets.liveEventP99Ms} ms`);
    }
    plans.push(`### ${name}, ${largest?.size.label}\n\n\`\`\`\n${largest?.plans?.join("\n\n")}\n\`\`\``);
  }
  console.log(`\n## Query plans of the dashboard (EXPLAIN ANALYZE on the largest data set)\n\n${plans.join("\n\n")}`);
}

async function scale() {
  const seconds = quick ? 3 : 10;
  const board = { members: 200, open: 2_000, history: quick ? 20_000 : 200_000 };
  const searched = quick ? 100_000 : 1_000_000;
  console.log(`\n## A large team on PostgreSQL (20 members at once, ${seconds} s each, beside a bare endpoint)\n`);
  console.log("| measured | seeding (s) | requests/s | p50 (ms) | p95 (ms) | p97.5 (ms) | p99 (ms) | bare requests/s | target |");
  console.log("|---|---|---|---|---|---|---|---|---|");
  const row = (result: ScaleResult, target: string) =>
    console.log(`| ${result.label} | ${round(result.seedSeconds, 0)} | ${round(result.measured.requestsPerSecond, 0)} | ${result.measured.p50} | ${result.measured.p95} | ${result.measured.p97_5} | ${result.measured.p99} | ${round(result.bare.requestsPerSecond, 0)} | ${target} |`);
  const boardResult = await benchTeamBoard({ databaseAdminUrl: adminUrl, ...board, seconds });
  row(boardResult, `p99 ≤ ${targets.teamBoardP99Ms} ms`);
  atMost(boardResult.measured.p99, targets.teamBoardP99Ms, `team board p99 ${boardResult.measured.p99} ms > ${targets.teamBoardP99Ms} ms`);
  const accessResult = await benchAccess({ databaseAdminUrl: adminUrl, members: 1_000, open: 2_000, seconds });
  row(accessResult, `p95 ≤ ${targets.accessP95Ms} ms`);
  atMost(accessResult.measured.p95, targets.accessP95Ms, `members list p95 ${accessResult.measured.p95} ms > ${targets.accessP95Ms} ms`);
  const searchResult = await benchSearch({ databaseAdminUrl: adminUrl, blockers: searched, seconds });
  row(searchResult, `p95 ≤ ${targets.searchP95Ms} ms`);
  if (searchResult.measured.p95 > targets.searchP95Ms) openTargets.push(`search p95 ${searchResult.measured.p95} ms > ${targets.searchP95Ms} ms`);
}

console.log(`Holdup benchmark — ${new Date().toISOString()} — Node ${process.version}, ${quick ? "quick" : "full"} run\n`);
async function reminders() {
  const count = quick ? 2_000 : 10_000;
  console.log(`\n## Reminders (${count.toLocaleString("en")} due at once: each decided — nudge, timeline, notification, e-mail queued — and its e-mail delivered to a local SMTP server)\n`);
  console.log("| database | reminders/s | total (s) | deciding (s) | e-mail going out (s) | share outside SMTP delivery | target |");
  console.log("|---|---|---|---|---|---|---|");
  const database = await createTestDatabase(adminUrl);
  try {
    for (const result of [await benchReminderThroughput({ reminders: count }), await benchReminderThroughput({ reminders: count, databaseUrl: database.url })]) {
      const target = targets.remindersPerSecond[result.database];
      console.log(`| ${result.database} | ${round(result.perSecond, 0)} | ${round(result.seconds)} | ${round(result.decideSeconds)} | ${round(result.smtpSeconds)} | ${round(result.outsideSmtpShare * 100, 0)}% | ≥ ${target}/s |`);
      atLeast(result.perSecond, target, `${result.database}: ${round(result.perSecond, 0)} reminders/s < ${target}/s`);
    }
  } finally {
    await database.drop();
  }
  const open = quick ? 20_000 : 100_000;
  const seconds = quick ? 65 : 125;
  console.log(`\n## The reminder engine at rest (${open.toLocaleString("en")} open blockers, none due; \`npm start\` watched for ${seconds} s, its minute's runs included)\n`);
  console.log("| database | share of one core | target |");
  console.log("|---|---|---|");
  const idleDatabase = await createTestDatabase(adminUrl);
  try {
    for (const result of [await benchIdleEngine({ openBlockers: open, seconds }), await benchIdleEngine({ openBlockers: open, seconds, databaseUrl: idleDatabase.url })]) {
      console.log(`| ${result.database} | ${round(result.coreShare * 100, 1)}% | ≤ ${targets.idleCoreShare * 100}% |`);
      atMost(result.coreShare, targets.idleCoreShare, `${result.database}: the idle engine took ${round(result.coreShare * 100, 1)}% of a core > ${targets.idleCoreShare * 100}%`);
    }
  } finally {
    await idleDatabase.drop();
  }
}

async function slack() {
  const rounds = quick ? 6 : 20;
  console.log(`\n## Slack's answers (${rounds} bursts of ${SLACK_CONNECTIONS} signed requests at once: /holdup list, /holdup @someone … logging a blocker, and Snooze 1 day pressed on /holdup list; time to the HTTP answer)\n`);
  console.log("| database | requests | p50 (ms) | p99 (ms) | slowest (ms) | acknowledged first, answered after | a bare server's p99, same bursts (ms) | target (p99) |");
  console.log("|---|---|---|---|---|---|---|---|");
  const database = await createTestDatabase(adminUrl);
  try {
    for (const result of [await benchSlackAnswers({ rounds }), await benchSlackAnswers({ rounds, databaseUrl: database.url })]) {
      console.log(`| ${result.database} | ${result.requests} | ${result.p50} | ${result.p99} | ${result.max} | ${result.acknowledgedOnly} | ${result.bareP99} | ≤ ${targets.slackP99Ms} ms |`);
      atMost(result.p99, targets.slackP99Ms, `${result.database}: Slack's answers p99 ${result.p99} ms > ${targets.slackP99Ms} ms`);
    }
  } finally {
    await database.drop();
  }
}

async function insights() {
  const seconds = quick ? 3 : 10;
  // Blocking entries: two per blocker.
  const sizes = [
    { label: "10,000 entries (5,000 blockers)", blockers: 5_000 },
    quick ? { label: "100,000 entries (50,000 blockers)", blockers: 50_000 } : { label: "1,000,000 entries (500,000 blockers)", blockers: 500_000 },
  ];
  console.log(`\n## The team's report (/api/insights/team, the last 90 days; a team of 50 logging 50 blockers a day, history growing back in time; ${INSIGHT_READERS} members at once, ${seconds} s, beside a bare endpoint)\n`);
  console.log("| database | history | seeding (s) | cold read after a change (ms, median) | requests/s | p50 (ms) | p95 (ms) | p99 (ms) | answer (kB) | bare requests/s | p95 vs smallest | target |");
  console.log("|---|---|---|---|---|---|---|---|---|---|---|---|");
  for (const [name, databaseAdminUrl] of [["PGlite", undefined], ["PostgreSQL", adminUrl]] as const) {
    const results = await benchInsights({ databaseAdminUrl, sizes, seconds });
    const resolved = (p95: number) => Math.max(p95, targets.p50ResolutionMs);
    const smallest = resolved(results[0]?.measured.p95 ?? 0);
    for (const [index, result] of results.entries()) {
      const growth = resolved(result.measured.p95) / smallest;
      const isLargest = index === results.length - 1;
      const target = isLargest ? `p95 ≤ ${targets.insightsP95Ms[name]} ms, ≤ ${targets.insightsP95Growth}× the smallest` : `p95 ≤ ${targets.insightsP95Ms[name]} ms`;
      console.log(`| ${name} | ${result.size.label} | ${round(result.seedSeconds, 0)} | ${round(result.coldMs, 0)} | ${round(result.measured.requestsPerSecond, 0)} | ${result.measured.p50} | ${result.measured.p95} | ${result.measured.p99} | ${round(result.bytes / 1000, 1)} | ${round(result.bare.requestsPerSecond, 0)} | ${round(growth)}× | ${target} |`);
      atMost(result.measured.p95, targets.insightsP95Ms[name], `${name}: the team's report p95 ${result.measured.p95} ms > ${targets.insightsP95Ms[name]} ms (${result.size.label})`);
      // Read from the database, not kept: under the same bound.
      atMost(result.coldMs, targets.insightsP95Ms[name], `${name}: the team's report read after a change took ${round(result.coldMs, 0)} ms > ${targets.insightsP95Ms[name]} ms (${result.size.label})`);
      if (isLargest) atMost(growth, targets.insightsP95Growth, `${name}: the team's report p95 grew ${round(growth)}× from the smallest history to the largest`);
    }
  }
}

async function webhooks() {
  const events = quick ? 2_000 : 10_000;
  console.log(`\n## Outgoing webhooks (${events.toLocaleString("en")} events in a team with ${WEBHOOK_ENDPOINTS} webhooks, recorded as changes in transactions of 100, each delivered to ${WEBHOOK_ENDPOINTS} local receivers in another process)\n`);
  console.log("| database | deliveries | deliveries/s | total (s) | recording and queuing the events (s) | attempts per delivery | target |");
  console.log("|---|---|---|---|---|---|---|");
  const database = await createTestDatabase(adminUrl);
  try {
    for (const result of [await benchWebhookFanOut({ events }), await benchWebhookFanOut({ events, databaseUrl: database.url })]) {
      const target = result.database === "PostgreSQL" ? targets.webhookDeliveriesPerSecond.PostgreSQL : undefined;
      console.log(`| ${result.database} | ${result.deliveries.toLocaleString("en")} | ${round(result.perSecond, 0)} | ${round(result.seconds)} | ${round(result.queueSeconds)} | ${round(result.attemptsPerDelivery)} | ${target ? `≥ ${target}/s` : "—"} |`);
      if (target) atLeast(result.perSecond, target, `${result.database}: ${round(result.perSecond, 0)} webhook deliveries/s < ${target}/s`);
    }
  } finally {
    await database.drop();
  }
}

async function publicApi() {
  const seconds = quick ? 2 : 5;
  const rounds = quick ? 3 : 4;
  console.log(`\n## Public API (GET /api/v1/blockers?view=team&limit=25 for ${API_SCRIPTS} scripts at once, each with its own key, a team of 50 with 2,000 blockers; the API-key check alone beside a bare endpoint, 10 connections, ${rounds} rounds of ${seconds} s in turns)\n`);
  console.log("| database | list requests/s | list p50 (ms) | list p99 (ms) | target | key check requests/s | bare requests/s | key check vs bare (median of rounds) | target |");
  console.log("|---|---|---|---|---|---|---|---|---|");
  const database = await createTestDatabase(adminUrl);
  try {
    for (const result of [await benchPublicApi({ databaseUrl: undefined, database: "PGlite", seconds, rounds }), await benchPublicApi({ databaseUrl: database.url, database: "PostgreSQL", seconds, rounds })]) {
      const listTarget = result.database === "PostgreSQL" ? targets.apiListPerSecond.PostgreSQL : undefined;
      console.log(`| ${result.database} | ${round(result.list.requestsPerSecond, 0)} | ${result.list.p50} | ${result.list.p99} | ${listTarget ? `≥ ${listTarget}/s` : "—"} | ${round(result.keyCheck.requestsPerSecond, 0)} | ${round(result.bare.requestsPerSecond, 0)} | ${round(result.keyCheckRatio * 100, 0)}% | ≥ ${targets.apiKeyCheckRatio * 100}% |`);
      if (listTarget) atLeast(result.list.requestsPerSecond, listTarget, `${result.database}: GET /api/v1/blockers ${round(result.list.requestsPerSecond, 0)} requests/s < ${listTarget}/s`);
      atLeast(result.keyCheckRatio, targets.apiKeyCheckRatio, `${result.database}: the API-key check reached ${round(result.keyCheckRatio * 100, 0)}% of the bare endpoint`);
    }
  } finally {
    await database.drop();
  }
}

async function tray() {
  // Settled: 10 s without a menu drawn, past V8's clean-up of what start-up left (its memory reducer waits 8 s).
  const options = quick ? { idleSeconds: 10, settleSeconds: 10, samples: 10 } : { idleSeconds: 30, settleSeconds: 10, samples: 200 };
  console.log(`\n## The tray (each a teammate's, signed in through the device grant, with its report on; PGlite; ${options.samples} blockers logged and resolved on each tray's person, then ${options.settleSeconds} s to settle and ${options.idleSeconds} s idle)\n`);
  const bench = await benchTray(options);
  console.log("| tray | resident memory once live (MB) | resident memory at rest, after the changes (MB) | target | share of one core, idle | target | a blocker logged → in the menu, p50 / p99 (ms) | resolved → gone, p50 / p99 (ms) | target (p99) |");
  console.log("|---|---|---|---|---|---|---|---|---|");
  // The tray's own process, held to the target, and the programs it started beside it: with its icon, systray2's
  // tray program (the issue's choice, a GTK program run as it ships), whose resident memory is mostly the desktop's
  // shared libraries — its private and proportional shares say what it adds (decision 043).
  const megabytes = (memory: ProcessMemory[]) => {
    const [own, ...programs] = memory;
    const shares = (each: ProcessMemory) => `${round(each.privateMegabytes, 1)} private, ${round(each.proportionalMegabytes, 1)} proportional`;
    const ownFigure = own ? `${round(own.residentMegabytes, 1)} (${shares(own)})` : "?";
    return [ownFigure, ...programs.map((each) => `${each.name}: ${round(each.residentMegabytes, 1)} (${shares(each)})`)].join("; beside it ");
  };
  for (const result of bench.results) {
    const idleMegabytes = result.idle[0]?.residentMegabytes ?? Number.POSITIVE_INFINITY;
    const latency = (samples: number[]) => `${round(percentile(samples, 0.5), 0)} / ${round(percentile(samples, 0.99), 0)}`;
    // `npm run tray` carries tsx's TypeScript loader (about 30 MB, and its esbuild service while it compiles): reported,
    // not held; what it runs is the plain JavaScript row's code.
    const memoryTarget = result.kind === "source" ? "— (tsx's loader)" : `≤ ${targets.trayIdleMegabytes}`;
    console.log(`| ${result.variant} | ${megabytes(result.live)} | ${megabytes(result.idle)} | ${memoryTarget} | ${round(result.idleCoreShare * 100, 2)}% | ≤ ${targets.trayIdleCoreShare * 100}% | ${latency(result.appeared)} | ${latency(result.disappeared)} | ≤ ${targets.trayChangeP99Ms} ms |`);
    if (result.kind !== "source") atMost(idleMegabytes, targets.trayIdleMegabytes, `${result.variant}: ${round(idleMegabytes, 1)} MB resident at rest after the changes > ${targets.trayIdleMegabytes} MB`);
    atMost(result.idleCoreShare, targets.trayIdleCoreShare, `${result.variant}: ${round(result.idleCoreShare * 100, 2)}% of a core while idle > ${targets.trayIdleCoreShare * 100}%`);
    for (const [what, samples] of [["a logged blocker", result.appeared], ["a resolved blocker", result.disappeared]] as const) {
      atMost(percentile(samples, 0.99), targets.trayChangeP99Ms, `${result.variant}: ${what} reached the menu in ${round(percentile(samples, 0.99), 0)} ms at p99 > ${targets.trayChangeP99Ms} ms`);
    }
  }
  console.log(`\nWhile nothing changed (${round(bench.idleSeconds, 0)} s), the trays made ${bench.idleRequests} requests (target: ${targets.trayIdleRequests}, no polling) and drew ${bench.idleMenus} menus. Requests per change a tray was told of: ${round(bench.requestsPerChange, 1)} (the counters and both lists).`);
  atMost(bench.idleRequests, targets.trayIdleRequests, `the trays made ${bench.idleRequests} requests while nothing changed`);
  for (const skipped of bench.skipped) console.log(`Not measured: ${skipped}.`);
}

const parts = new Set(values.only.split(","));
if (parts.has("startup")) await startUp();
if (parts.has("session")) await sessionCheck();
if (parts.has("dashboard")) await dashboard();
if (parts.has("scale")) await scale();
if (parts.has("reminders")) await reminders();
if (parts.has("slack")) await slack();
if (parts.has("insights")) await insights();
if (parts.has("webhooks")) await webhooks();
if (parts.has("api")) await publicApi();
if (parts.has("tray")) await tray();

if (openTargets.length > 0) console.log(`\nTargets of issue #9 not met yet (reported, not failing the run):\n${openTargets.map((target) => `- ${target}`).join("\n")}`);
if (nearMisses.length > 0) console.log(`\nNear misses (within ${QUICK_TOLERANCE}× of the target; a quick run on a shared machine does not fail on them):\n${nearMisses.map((nearMiss) => `- ${nearMiss}`).join("\n")}`);
if (failures.length > 0) {
  console.error(`\nTargets missed:\n${failures.map((failure) => `- ${failure}`).join("\n")}`);
  process.exit(1);
}
console.log("\nAll targets met.");
