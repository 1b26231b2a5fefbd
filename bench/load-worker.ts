// Runs autocannon in its own process (so the load does not share an event loop with the server being measured)
// and prints its summary as JSON. Each connection plays one user: its own cookie, cycling through `paths`.
import autocannon from "autocannon";

type Request = { method: "GET" | "POST"; path: string; headers?: Record<string, string>; body?: string };
type Options = { url: string; connections: number; seconds: number; cookies?: string[]; bearers?: string[]; paths?: string[]; headers?: Record<string, string>; requests?: Request[] };

const options = JSON.parse(process.argv[2] ?? "{}") as Options;
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
      duration: options.seconds,
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
responseTimes.sort((a, b) => a - b);
const p95 = Math.round((responseTimes[Math.min(responseTimes.length - 1, Math.ceil(responseTimes.length * 0.95) - 1)] ?? 0) * 10) / 10;
process.stdout.write(
  JSON.stringify({ requestsPerSecond: result.requests.average, p50: result.latency.p50, p95, p97_5: result.latency.p97_5, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx, statuses }),
);
