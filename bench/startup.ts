// Time from `npm start` to the first 200 on an existing data directory, and the server's memory once started; beside
// each start, the same for a bare server that opens the same database the same way (bench/bare-server.mjs), so the
// start-up can be read as a ratio to what starting costs on this machine at that moment.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { copyPgliteTemplate } from "../server/test/database-templates.ts";
import { freePort, median, residentMegabytes, serverProcessOf, spawn } from "./measure.ts";

export type StartupResult = {
  database: "PGlite" | "PostgreSQL";
  secondsToFirst200: number[];
  /** The bare server's start-ups, each right after Holdup's of the same run. */
  bareSecondsToFirst200: number[];
  /** Each run's Holdup start-up divided by the bare server's start-up of the same run. */
  ratiosToBare: number[];
  residentMegabytes: number;
  bareResidentMegabytes: number;
};

/** How a server is started, and which process of the ones started is the server (whose memory is read). */
type Starter = { command: string; args: string[]; serverPid: (childPid: number) => number };

const holdup: Starter = {
  command: "npm",
  args: ["start", "--silent"],
  serverPid: (childPid) => serverProcessOf(childPid) ?? 0,
};

/**
 * Started as Holdup is, through npm (`npm run bench:bare-server`), so that npm's own start-up — a third of the bare
 * server's on PostgreSQL — is on both sides of the ratio instead of inflating it.
 */
const bareServer: Starter = {
  command: "npm",
  args: ["run", "--silent", "bench:bare-server"],
  serverPid: (childPid) => serverProcessOf(childPid, "bench/bare-server.mjs") ?? 0,
};

async function startOnce(starter: Starter, env: Record<string, string>) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(starter.command, starter.args, { env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: "warn" }, stdio: "ignore" });
  const url = `http://127.0.0.1:${port}/api/health`;
  for (;;) {
    const ok = await fetch(url).then((response) => response.status === 200, () => false);
    if (ok) break;
    if (performance.now() - started > 60_000) throw new Error(`${starter.command} ${starter.args.join(" ")} did not answer within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 20)); // polling interval of the measurement, not a wait for an outcome
  }
  const seconds = (performance.now() - started) / 1000;
  const serverPid = starter.serverPid(child.pid ?? 0);
  const memory = residentMegabytes(serverPid);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  process.kill(serverPid, "SIGTERM");
  await exited;
  return { seconds, memory };
}

/**
 * `runs` starts of Holdup, each followed by one of the bare server, on one data directory (PGlite) or database; after
 * a first start of each that is not counted, unless `firstStart` is false.
 */
export async function measureStartup(options: { runs: number; databaseUrl?: string; firstStart: boolean }): Promise<StartupResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "holdup-bench-start-"));
  const env = { DATA_DIR: dataDir, DATABASE_URL: options.databaseUrl ?? "" };
  try {
    if (!options.databaseUrl) await copyPgliteTemplate(dataDir);
    // Not measured: a first start creates what is missing (PGlite's initdb, the migrations, the job queue's tables)
    // and brings both programs' files into the page cache, as on a machine that has run them before.
    if (options.firstStart) {
      await startOnce(holdup, env);
      await startOnce(bareServer, env);
    }
    const runs = [];
    for (let run = 0; run < options.runs; run++) runs.push({ holdup: await startOnce(holdup, env), bare: await startOnce(bareServer, env) });
    return {
      database: options.databaseUrl ? "PostgreSQL" : "PGlite",
      secondsToFirst200: runs.map((run) => run.holdup.seconds),
      bareSecondsToFirst200: runs.map((run) => run.bare.seconds),
      ratiosToBare: runs.map((run) => run.holdup.seconds / run.bare.seconds),
      residentMegabytes: median(runs.map((run) => run.holdup.memory)),
      bareResidentMegabytes: median(runs.map((run) => run.bare.memory)),
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
