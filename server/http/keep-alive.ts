// How long a server keeps an idle kept-alive connection open: Holdup's, and the stand-ins the tests run beside it.
import type { Server } from "node:http";

/**
 * How long an idle kept-alive connection stays open: longer than the load balancers and clients in front keep theirs
 * (an AWS load balancer 60 s, a browser less or retrying), so the client closes an idle connection first. With Node's
 * 5 s, the server closed them while a proxy or script was sending its next request on one: a reset, a 502 from the
 * proxy, a failed test (a gate run's mailbox request). Headers must then be given a little longer still.
 */
export const KEEP_ALIVE_MS = 65_000;
export function keepIdleConnectionsLongerThanClients(server: Server) {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
}
