// The benchmarks' load generator: a process of its own (so the load does not share an event loop with the server
// being measured), started once per benchmark process by bench/measure.ts and sent each measurement over IPC. Two kinds
// of measurement: a load (autocannon; each connection plays one user — its own cookie or key, cycling through `paths`
// — after an uncounted warm-up run when asked) and a burst (requests sent at once, each one's time to its answer).
import autocannon from "autocannon";

type Request = { method: "GET" | "POST"; path: string; headers?: Record<string, string>; body?: string };
export type LoadJob = { url: string; connections: number; seconds: number; warmUpSeconds: number; cookies?: string[]; bearers?: string[]; paths?: string[]; headers?: Record<string, string>; requests?: Request[] };
export type BurstJob = { url: string; requests: Request[] };
export type Job = { id: number } & ({ load: LoadJob } | { burst: BurstJob });

/** One run of autocannon: its summary, every response's time and the count of each status other than 2xx. */
async function run(options: LoadJob, seconds: number) {
  let nextUser = 0;
  // autocannon's summary has no 95th percentile: every response's time is kept to compute it.
  const responseTimes: number[] = [];
  /** How many answers of each status other than 2xx: what failed, when something did. */
  const statuses: Record<number, number> = {};
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: seconds,
        setupClient: (client) => {
          const cookie = options.cookies?.[nextUser % options.cookies.length];
          // A script's API key instead of a browser's cookie (the public API): connection i is key i.
          const bearer = options.bearers?.[nextUser % options.bearers.length];
          nextUser++;
          const headers = { ...options.headers, ...(cookie ? { cookie } : {}), ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) };
          // Given requests (a method, a body) are sent in turn, each connection starting at its own place among them.
          const start = nextUser - 1;
          const given = options.requests ? [...options.requests.slice(start % options.requests.length), ...options.requests.slice(0, start % options.requests.length)] : undefined;
          client.setRequests(given?.map((request) => ({ ...request, headers: { ...headers, ...request.headers } })) ?? (options.paths ?? [new URL(options.url).pathname]).map((path) => ({ method: "GET", path, headers })));
        },
      },
      (error, summary) => (error ? reject(error) : resolve(summary)),
    );
    instance.on("response", (_client, status, _bytes, milliseconds) => {
      responseTimes.push(milliseconds);
      if (status >= 300) statuses[status] = (statuses[status] ?? 0) + 1;
    });
  });
  return { result, responseTimes, statuses };
}

async function measureLoad(options: LoadJob) {
  if (options.warmUpSeconds > 0) await run(options, options.warmUpSeconds);
  const { result, responseTimes, statuses } = await run(options, options.seconds);
  responseTimes.sort((a, b) => a - b);
  const p95 = Math.round((responseTimes[Math.min(responseTimes.length - 1, Math.ceil(responseTimes.length * 0.95) - 1)] ?? 0) * 10) / 10;
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p95, p97_5: result.latency.p97_5, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx, responses: responseTimes.length, statuses };
}

/** Each request's time to its answer (ms), its status, and whether the answer was empty. */
async function measureBurst({ url, requests }: BurstJob) {
  // One connection per request, opened (and this process warmed up) by a burst to /api/health first: what is measured
  // is the server's answer, not fifty connections being opened.
  await Promise.all(requests.map(async () => (await fetch(new URL("/api/health", url))).text()));
  return Promise.all(
    requests.map(async (request) => {
      const started = performance.now();
      const response = await fetch(new URL(request.path, url), { method: request.method, headers: request.headers, body: request.body });
      const text = await response.text();
      return { ms: performance.now() - started, status: response.status, empty: text === "" };
    }),
  );
}

process.on("message", (job: Job) => {
  const measured = "load" in job ? measureLoad(job.load) : measureBurst(job.burst);
  measured.then(
    (result) => process.send?.({ id: job.id, result }),
    (error: unknown) => process.send?.({ id: job.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
// The benchmark process ended (or let go of this one): nothing more will be asked.
process.on("disconnect", () => process.exit(0));
