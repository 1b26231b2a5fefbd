// Headers an answer carries whatever it turns out to be, set on Node's own response when @hono/node-server serves the
// request. `c.header()` makes Hono build a web Headers object for the answer, which takes it off @hono/node-server's
// fast path (a plain object handed to writeHead): on the public API's key check, four RateLimit-* headers cost more
// than reading the key (docs/benchmarks.md, "The public API"). Node merges them with the answer's own headers when
// it writes them. Tests that call `app.request()` have no Node response: `c.header()`, the same answer.
import type { ServerResponse } from "node:http";
import type { Context } from "hono";

export function setResponseHeaders(c: Context, headers: Record<string, string>) {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  for (const name in headers) {
    const value = headers[name] as string;
    if (outgoing && !outgoing.headersSent) outgoing.setHeader(name, value);
    else c.header(name, value);
  }
}
