// The webhook benchmark's receivers: three HTTP endpoints in a process of their own, as a team's real receivers would
// be, answering each delivery at once with a 200 and counting it (its body read, not parsed). Started with fork(): it
// sends {ports} once listening, and {received} (per endpoint) when asked.
import http from "node:http";
import type { AddressInfo } from "node:net";

const ENDPOINTS = Number(process.argv[2] ?? 3);
const received = Array.from({ length: ENDPOINTS }, () => 0);
const servers = received.map((_, index) =>
  http.createServer({ keepAliveTimeout: 30_000 }, (request, response) => {
    request.on("data", () => {});
    request.on("end", () => {
      received[index] = (received[index] ?? 0) + 1;
      response.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  }),
);
await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))));
process.send?.({ ports: servers.map((server) => (server.address() as AddressInfo).port) });
process.on("message", (message) => {
  if (message === "count") process.send?.({ received });
  if (message === "stop") {
    for (const server of servers) server.closeAllConnections();
    process.exit(0);
  }
});
