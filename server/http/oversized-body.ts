// The 1 MB limit on request bodies. A body over it is refused with 413 before it has been read, so its rest is
// still on its way: like every answer given before the body is read, the 413 closes the connection cleanly
// (`Connection: close`, early-answers.ts).
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { nodeRequest, requestHeader } from "./request-header.ts";

/** `larger`: paths that take more (a picture's upload), with their own limit. */
export function refuseOversizedBodies(defaultMaxBytes: number, options: { larger?: Record<string, number> } = {}): MiddlewareHandler {
  const limitFor = (limit: number) => {
    const refuse = (c: Context) => c.json({ code: "payload_too_large", message: `The request body is larger than ${limit / (1024 * 1024)} MB` }, 413);
    // Only a body sent in chunks, without a Content-Length, is counted as it is read.
    return { maxBytes: limit, refuse, counting: bodyLimit({ maxSize: limit, onError: refuse }) };
  };
  const byDefault = limitFor(defaultMaxBytes);
  const byPath = new Map(Object.entries(options.larger ?? {}).map(([path, limit]) => [path, limitFor(limit)]));
  return async (c, next) => {
    const { maxBytes, refuse, counting } = byPath.get(c.req.path) ?? byDefault;
    // With a declared length the body is not touched. Touching it (hono's bodyLimit asks for `c.req.raw.body`) makes
    // it a stream that @hono/node-server cannot drain when the route then never reads it (a 401, a 403, a 415): half
    // a second after the answer it destroys the connection, and a keep-alive client's next request on it fails
    // ("socket hang up"; found by the soak benchmark, docs/decisions/021-memory-under-load.md).
    const declared = requestHeader(c, "content-length");
    if (requestHeader(c, "transfer-encoding") !== undefined) return counting(c, next);
    // Over HTTP/1.1 a request without either header has no body (most GETs): nothing to count, and counting would
    // build the whole web Request for every such request (several percent of a busy server's time).
    if (declared === undefined) return nodeRequest(c) ? next() : counting(c, next);
    if (Number(declared) > maxBytes) return refuse(c);
    await next();
  };
}
