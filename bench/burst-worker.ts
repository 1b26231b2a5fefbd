// Sends a burst of requests at once from its own process (so the load does not share an event loop with the server
// being measured) and prints, as JSON, each one's time to its answer (ms), status, and whether the answer was empty.
type BurstRequest = { method: "GET" | "POST"; path: string; headers?: Record<string, string>; body?: string };
const { url, requests } = JSON.parse(process.argv[2] ?? "{}") as { url: string; requests: BurstRequest[] };

// One connection per request, opened (and this process warmed up) by a burst to /api/health first: what is measured
// is the server's answer, not a new process opening fifty connections.
await Promise.all(requests.map(async () => (await fetch(new URL("/api/health", url))).text()));
const answers = await Promise.all(
  requests.map(async (request) => {
    const started = performance.now();
    const response = await fetch(new URL(request.path, url), { method: request.method, headers: request.headers, body: request.body });
    const text = await response.text();
    return { ms: performance.now() - started, status: response.status, empty: text === "" };
  }),
);
process.stdout.write(JSON.stringify(answers));
export {};
