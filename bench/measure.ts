// Small tools the benchmarks share: free ports, autocannon as a separate process, process memory, medians.
import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

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

/** autocannon's figures, and the 95th percentile of every response's time (autocannon's summary has none). */
export type LoadResult = { requestsPerSecond: number; p50: number; p95: number; p97_5: number; p99: number; errors: number; non2xx: number; statuses?: Record<number, number> };

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

/** Loads the server from another process (bench/load-worker.ts) and returns autocannon's summary. */
export async function load(url: string, options: LoadOptions): Promise<LoadResult> {
  const run = async (seconds: number) => {
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", path.resolve("bench/load-worker.ts"), JSON.stringify({ ...options, url, seconds })], { maxBuffer: 16 * 1024 * 1024 });
    return JSON.parse(stdout) as LoadResult;
  };
  if (options.warmUp !== false) await run(WARM_UP_SECONDS);
  return run(options.seconds);
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

export { spawn };
