// A local HTTP server standing in for a team's webhook endpoint: it keeps what it receives and answers as told (a
// list of answers for the next requests, then a default), so tests can make it fail, redirect, then succeed.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { keepIdleConnectionsLongerThanClients } from "../http/keep-alive.ts";

export type ReceivedWebhook = { path: string; headers: http.IncomingHttpHeaders; body: string };
export type ReceiverAnswer = { status: number; body?: string; headers?: Record<string, string> };

export async function startWebhookReceiver(options: { host?: string } = {}) {
  const received: ReceivedWebhook[] = [];
  const waiters: { match: (request: ReceivedWebhook) => boolean; resolve: (request: ReceivedWebhook) => void }[] = [];
  const queued: ReceiverAnswer[] = [];
  let usual: ReceiverAnswer = { status: 200, body: "ok" };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const got = { path: request.url ?? "/", headers: request.headers, body: Buffer.concat(chunks).toString("utf8") };
      received.push(got);
      const answer = queued.shift() ?? usual;
      response.writeHead(answer.status, { "content-type": "text/plain", ...answer.headers });
      response.end(answer.body ?? "");
      for (const waiter of waiters.filter((candidate) => candidate.match(got))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(got);
      }
    });
  });
  const host = options.host ?? "127.0.0.1";
  keepIdleConnectionsLongerThanClients(server);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    received,
    /** The next requests get these answers, in order; then the usual one again. */
    answerNext: (...answers: ReceiverAnswer[]) => void queued.push(...answers),
    /** What every request gets when no answer is queued (200 "ok" to begin with). */
    answerUsually: (answer: ReceiverAnswer) => void (usual = answer),
    /** The first request (already received or still to come) that matches; fails after the timeout. */
    next(match: (request: ReceivedWebhook) => boolean = () => true, timeoutMs = 10_000): Promise<ReceivedWebhook> {
      const arrived = received.find(match);
      if (arrived) return Promise.resolve(arrived);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`No matching webhook within ${timeoutMs} ms; got ${received.length}: ${received.map((r) => `${r.path} ${r.headers["webhook-id"]}`).join(", ")}`)), timeoutMs);
        waiters.push({ match, resolve: (request) => (clearTimeout(timer), resolve(request)) });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
