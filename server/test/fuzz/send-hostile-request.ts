// Sends one hostile request over real HTTP, as a browser of the given identity would, and reads the answer.
// Stateless: the cookies it sends are the identity's, and whatever the answer sets is ignored, so that one
// request's sign-out does not turn the rest of the run into signed-out requests.
//
// Node's http client rather than fetch: fetch cannot send a body with GET or bytes of its choosing in some headers.
// Through a keep-alive agent, as browsers and proxies send requests: one after another on the same connection while
// the server keeps it open. A server that answers before reading a body (a 413, a 415, a 401, a 429) must then close
// the connection cleanly (`Connection: close`) or leave it usable; a connection it drops under the next request is a
// failure of that request, reported as a reset connection.
import { Agent, request as httpRequest } from "node:http";
import type { HostileRequest } from "./hostile-input.ts";

export type Answer = { status: number; contentType: string; text: string };

/** A request that has not answered in this long is a hang: a failure of its own. */
const ANSWER_TIMEOUT_MS = 20_000;

function bodyOf(request: HostileRequest): { body?: string | Uint8Array<ArrayBuffer>; contentType?: string } {
  switch (request.body.kind) {
    case "none":
      return {};
    case "json":
      // JSON.stringify writes a lone surrogate as the escape \ud800, which is how a client would send it.
      return { body: JSON.stringify(request.body.value) ?? "null", contentType: "application/json" };
    case "raw":
      return { body: request.body.content, contentType: request.body.contentType };
  }
}

/** A connection kept open between requests, as a browser keeps one (one at a time: the fuzz sends them in turn). */
export const keepAliveAgent = () => new Agent({ keepAlive: true, maxSockets: 1 });

export function sendHostileRequest(baseUrl: string, request: HostileRequest, cookie: string | undefined, apiKey?: string, agent?: Agent): Promise<Answer> {
  const { body, contentType } = bodyOf(request);
  const headers: Record<string, string> = { ...request.headers, origin: baseUrl, "x-forwarded-for": request.forwardedFor };
  if (cookie) headers.cookie = cookie;
  // What a script sends to the public API: routes that take cookies ignore it.
  if (apiKey) headers.authorization = `Bearer ${apiKey}`;
  if (contentType !== undefined) headers["content-type"] = contentType;
  // Always framed by its length: Node sends a DELETE's body unframed otherwise, which the server reads as garbage.
  if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
  const url = `${baseUrl}${request.path}${request.query ? `?${request.query}` : ""}`;

  return new Promise((resolve, reject) => {
    let answered = false;
    const outgoing = httpRequest(url, { method: request.method, headers, agent: agent ?? false, timeout: ANSWER_TIMEOUT_MS }, (response) => {
      answered = true;
      const contentTypeAnswered = String(response.headers["content-type"] ?? "");
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        text += chunk;
        // A live-event stream never ends: its first event is the answer.
        if (contentTypeAnswered.startsWith("text/event-stream")) response.destroy();
      });
      const done = () => resolve({ status: response.statusCode ?? 0, contentType: contentTypeAnswered, text });
      response.on("end", done);
      response.on("close", done);
    });
    // Once the server has answered, writing the rest of a body it did not read may fail: that is the expected end.
    // Before it answered, a connection dropped under a request sent on it is the server's fault: a reset connection.
    outgoing.on("error", (error) => (answered ? undefined : reject(outgoing.reusedSocket ? new Error(`reset connection: the server dropped the kept-alive connection this request was sent on (${error.message})`) : error)));
    outgoing.on("timeout", () => outgoing.destroy(new Error(`No answer in ${ANSWER_TIMEOUT_MS} ms`)));
    outgoing.end(body);
  });
}
