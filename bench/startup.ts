// Time from `npm start` to the first 200 on an existing data directory, and the server's memory once started.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, median, processTree, residentMegabytes, spawn } from "./measure.ts";

export type StartupResult = { database: "PGlite" | "PostgreSQL"; secondsToFirst200: number[]; residentMegabytes: number };

async function startOnce(env: Record<string, string>) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn("npm", ["start", "--silent"], { env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: "warn" }, stdio: "ignore" });
  const url = `http://127.0.0.1:${port}/api/health`;
  for (;;) {
    const ok = await fetch(url).then((response) => response.status === 200, () => false);
    if (ok) break;
    if (performance.now() - started > 60_000) throw new Error("the server did not answer within 60 s");
    await new Promise((resolve) => setTimeout(resolve, 20)); // polling interval of the measurement, not a wait for an outcome
  }
  const seconds = (performance.now() - started) / 1000;
  // The server process is the node at the bottom of npm → sh → node (sh shows the same command line).
  const pids = processTree(child.pid ?? 0);
  const serverPid = pids.findLast((pid) => fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("scripts/start.mjs")) ?? 0;
  const memory = residentMegabytes(serverPid);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  process.kill(serverPid, "SIGTERM");
  await exited;
  return { seconds, memory };
}

export async function measureStartup(options: { runs: number; databaseUrl?: string }): Promise<StartupResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "holdup-bench-start-"));
  const env = { DATA_DIR: dataDir, DATABASE_URL: options.databaseUrl ?? "" };
  try {
    await startOnce(env); // creates the data directory (initdb) and applies migrations: not what is measured
    const runs = [];
    for (let run = 0; run < options.runs; run++) runs.push(await startOnce(env));
    return {
      database: options.databaseUrl ? "PostgreSQL" : "PGlite",
      secondsToFirst200: runs.map((run) => run.seconds),
      residentMegabytes: median(runs.map((run) => run.memory)),
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
