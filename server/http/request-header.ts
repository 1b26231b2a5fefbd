// A request header read from Node's own request when @hono/node-server serves it: `c.req.header()` builds the whole
// web Request (URL, Headers, an AbortSignal) on first use, which cost a busy server several percent of its time on
// requests that need only one header or two. Tests that call `app.request()` have no Node request: the same answer.
import type { IncomingMessage } from "node:http";
import type { Context } from "hono";

/** Node's request, when @hono/node-server serves this one (not in `app.request()` tests). */
export const nodeRequest = (c: Context) => (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;

export function requestHeader(c: Context, name: Lowercase<string>): string | undefined {
  const incoming = nodeRequest(c);
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}
