// Small tools the benchmarks share: free ports, the load generator in a process of its own, process memory, medians.
import { fork, spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import type { BurstJob, Job, LoadJob } from "./load-generator.ts";

export { freePort } from "../server/test/free-port.ts";

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** The value below which `share` (0–1) of the values lie: nearest rank. */
export const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? 0;
};

/**
 * autocannon's figures, the 95th percentile of every response's time (autocannon's summary has none), and how many
 * responses the measured run received.
 */
export type LoadResult = { requestsPerSecond: number; p50: number; p95: number; p97_5: number; p99: number; errors: number; non2xx: number; responses: number; statuses?: Record<number, number> };

const WARM_UP_SECONDS = 2;

export type LoadOptions = {
  connections: number;
  seconds: number;
  /** One per simulated user: connection i uses cookies[i % length]. */
  cookies?: string[];
  /** One API key per simulated script: connection i sends `Authorization: Bearer bearers[i % length]`. */
  bearers?: string[];
  /** Each connection requests these paths in turn (default: the URL's own path). */
  paths?: string[];
  /** Requests with a method and a body (Slack's signed posts), sent in turn instead of `paths`. */
  requests?: { method: "GET" | "POST"; path: string; headers?: Record<string, string>; body?: string }[];
  /** Headers every request sends (Accept-Encoding, as a browser does). */
  headers?: Record<string, string>;
  /** A short uncounted run first warms the server up (JIT, caches), so every target starts equal. */
  warmUp?: boolean;
};

/**
 * The load generator (bench/load-generator.ts): one process for the whole run, started at the first measurement, so
 * each measurement costs its own seconds and not a new process's start (about a second with tsx on two busy cores).
 * It holds the run open only while a measurement is under way.
 */
let generator: ChildProcess | undefined;
let nextJob = 0;
const pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();

function loadGenerator(): ChildProcess {
  if (generator?.connected) return generator;
  const started = fork(fileURLToPath(new URL("./load-generator.ts", import.meta.url)), { execArgv: ["--import", "tsx"], stdio: ["ignore", "ignore", "inherit", "ipc"] });
  started.on("message", (message: { id: number; result?: unknown; error?: string }) => {
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    if (message.error !== undefined) waiting?.reject(new Error(message.error));
    else waiting?.resolve(message.result);
    if (pending.size === 0) started.channel?.unref();
  });
  started.on("exit", (code) => {
    for (const waiting of pending.values()) waiting.reject(new Error(`the load generator exited with code ${code}`));
    pending.clear();
  });
  started.unref();
  generator = started;
  return started;
}

async function measureInGenerator<T>(job: { load: LoadJob } | { burst: BurstJob }): Promise<T> {
  const running = loadGenerator();
  const id = nextJob++;
  const answer = new Promise<unknown>((resolve, reject) => pending.set(id, { resolve, reject }));
  running.channel?.ref();
  running.send({ id, ...job } satisfies Job);
  return (await answer) as T;
}

/**
 * Loads the server from the load generator (autocannon), after an uncounted warm-up unless `warmUp` is false, and
 * returns autocannon's summary of the measured run. A run that received no response measured nothing: it throws.
 */
export async function load(url: string, options: LoadOptions): Promise<LoadResult> {
  const { warmUp, ...job } = options;
  const result = await measureInGenerator<LoadResult>({ load: { ...job, url, warmUpSeconds: warmUp === false ? 0 : WARM_UP_SECONDS } });
  if (result.responses === 0) throw new Error(`no response from ${url} in ${options.seconds} s (${result.errors} errors)`);
  return result;
}

export type BurstAnswer = { ms: number; status: number; empty: boolean };

/** Sends `requests` to `url` all at once from the load generator; each one's time to its answer, status and emptiness. */
export async function burst(url: string, requests: BurstJob["requests"]): Promise<BurstAnswer[]> {
  return measureInGenerator<BurstAnswer[]>({ burst: { url, requests } });
}

/** Resident memory of a process, in MB, from /proc (Linux). */
export function residentMegabytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kilobytes / 1024;
}

/** The pids of a process and all its descendants (npm start → sh → node). */
export function processTree(rootPid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // the process ended while we looked
    }
  }
  const tree = [rootPid];
  for (let index = 0; index < tree.length; index++) tree.push(...(children.get(tree[index] ?? -1) ?? []));
  return tree;
}

/**
 * The node process running `script` that an `npm start` or `npm run` (pid `npmPid`) started: the bottom of
 * npm → sh → node (sh shows the same command line). Undefined when it is not (or no longer) there.
 */
export function serverProcessOf(npmPid: number, script = "scripts/start.mjs"): number | undefined {
  return processTree(npmPid).findLast((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(script);
    } catch {
      return false; // the process ended while we looked
    }
  });
}

/** CPU time (user + system) a process has used so far, in seconds, from /proc (Linux: 100 clock ticks a second). */
export function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Brings what `npm start` runs up to date (the web app, the server bundle), in a process of its own, before a
 * benchmark starts Holdup: `npm start` would otherwise build in the very process it then measures — a stale web app
 * is a minute of Vite and a gigabyte of resident memory in the start-up's figures.
 */
export function buildWhatNpmStartRuns() {
  const script = [
    "const build = await import('./scripts/build.mjs');",
    "if (build.webBuildIsStale()) { console.log('Building the web app first…'); await build.buildWeb(); }",
    "if (build.serverBuildIsStale()) { console.log('Bundling the server first…'); await build.buildServer(); }",
  ].join(" ");
  const built = spawnSync(process.execPath, ["--input-type=module", "-e", script], { stdio: "inherit" });
  if (built.status !== 0) throw new Error("Holdup could not be built for `npm start` (try `npm run build`)");
}

export { spawn };
