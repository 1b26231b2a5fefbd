// An answer given before the request's body was read — a refusal: 401, 403, 413, 415, 429… — closes the connection
// cleanly. The rest of the body is still on its way, and the connection cannot carry another request until it has
// all been read; @hono/node-server reads it in the background but, when the body had been touched (wrapped for a
// handler that then never read it: better-auth's limiter answering 429 before it does), gives up after half a second
// and drops the socket without a word, and a keep-alive client's next request on it fails with ECONNRESET. So such
// an answer says `Connection: close`: Node closes the socket once it is sent, and the client opens a new connection
// for its next request instead of sending it on one the server is about to drop. Successful answers are left alone
// (a route that takes no body, answered 200 to a client that sent `{}`, keeps its connection: Node drains it).
import type { MiddlewareHandler } from "hono";
import { nodeRequest } from "./request-header.ts";

export const closeAfterEarlyAnswers = (): MiddlewareHandler => async (c, next) => {
  await next();
  const incoming = nodeRequest(c);
  if (!incoming || incoming.readableEnded || c.res.status < 400) return;
  const declared = incoming.headers["content-length"];
  if ((declared === undefined || declared === "0") && incoming.headers["transfer-encoding"] === undefined) return;
  try {
    c.res.headers.set("connection", "close");
  } catch {
    // A response whose headers cannot change (one fetched from elsewhere): a copy that can.
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set("connection", "close");
  }
};
