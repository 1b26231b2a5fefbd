// `npm run bench`: the foundation's performance targets, measured side by side in one run.
// Options: --quick (shorter runs, for CI), --database-url URL (PostgreSQL; default: the machine's test database).
import { parseArgs } from "node:util";
import { createTestDatabase } from "../server/test/test-server.ts";
import { median } from "./measure.ts";
import { compareSessionCheck } from "./session-check.ts";
import { measureStartup } from "./startup.ts";

const { values } = parseArgs({ options: { quick: { type: "boolean", default: false }, "database-url": { type: "string", default: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test" } } });
const loadSeconds = values.quick ? 2 : 5;
const rounds = values.quick ? 3 : 4;
const startupRuns = values.quick ? 3 : 5;
const targets = { startupSeconds: 3, pgliteMegabytes: 450, postgresMegabytes: 150, sessionCheckRatio: 0.5 };
const failures: string[] = [];
const round = (value: number, digits = 2) => Number(value.toFixed(digits));

console.log(`Holdup benchmark — ${new Date().toISOString()} — Node ${process.version}, ${values.quick ? "quick" : "full"} run\n`);

const database = await createTestDatabase(values["database-url"]);
try {
  console.log("## Start-up (npm start → first 200 on an existing data directory)\n");
  console.log("| database | runs (s) | median (s) | target | resident memory (MB) | target |");
  console.log("|---|---|---|---|---|---|");
  for (const result of [await measureStartup({ runs: startupRuns }), await measureStartup({ runs: startupRuns, databaseUrl: database.url })]) {
    const seconds = median(result.secondsToFirst200);
    const memoryTarget = result.database === "PGlite" ? targets.pgliteMegabytes : targets.postgresMegabytes;
    console.log(`| ${result.database} | ${result.secondsToFirst200.map((s) => round(s)).join(", ")} | ${round(seconds)} | ≤ ${targets.startupSeconds} | ${round(result.residentMegabytes, 0)} | ≤ ${memoryTarget} |`);
    if (seconds > targets.startupSeconds) failures.push(`${result.database} start-up ${round(seconds)} s > ${targets.startupSeconds} s`);
    if (result.residentMegabytes > memoryTarget) failures.push(`${result.database} memory ${round(result.residentMegabytes, 0)} MB > ${memoryTarget} MB`);
  }

  console.log(`\n## Session check (requireSession with a session cookie, answering JSON; 10 connections; ${rounds} rounds of ${loadSeconds} s per target, in turns)\n`);
  console.log("| target | requests/s (median round) | p50 (ms) | p99 (ms) | vs bare (median of rounds) | target |");
  console.log("|---|---|---|---|---|---|");
  const results = await compareSessionCheck({ seconds: loadSeconds, rounds, connections: 10, databaseUrl: database.url });
  for (const { target, result, ratioToBare: ratio } of results) {
    const isBare = target.startsWith("bare");
    console.log(`| ${target} | ${round(result.requestsPerSecond, 0)} | ${result.p50} | ${result.p99} | ${round(ratio * 100, 0)}% | ${isBare ? "—" : `≥ ${targets.sessionCheckRatio * 100}%`} |`);
    if (!isBare && ratio < targets.sessionCheckRatio) failures.push(`${target} reached ${round(ratio * 100, 0)}% of the bare endpoint`);
  }
} finally {
  await database.drop();
}

if (failures.length > 0) {
  console.error(`\nTargets missed:\n${failures.map((failure) => `- ${failure}`).join("\n")}`);
  process.exit(1);
}
console.log("\nAll targets met.");
