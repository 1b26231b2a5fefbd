// Sends one hostile request over real HTTP, as a browser of the given identity would, and reads the answer.
// Stateless: the cookies it sends are the identity's, and whatever the answer sets is ignored, so that one
// request's sign-out does not turn the rest of the run into signed-out requests.
//
// Node's http client on a connection of its own per request, rather than fetch: the server answers some requests
// without reading their body (a 413, a 415, a 401) and then closes the connection, which fetch's connection pool
// reports as a failure of the next request sent on it; fetch also cannot send a body with GET or bytes of its
// choosing in some headers.
import { request as httpRequest } from "node:http";
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

export function sendHostileRequest(baseUrl: string, request: HostileRequest, cookie: string | undefined, apiKey?: string): Promise<Answer> {
  const { body, contentType } = bodyOf(request);
  const headers: Record<string, string> = { origin: baseUrl, "x-forwarded-for": request.forwardedFor };
  if (cookie) headers.cookie = cookie;
  // What a script sends to the public API: routes that take cookies ignore it.
  if (apiKey) headers.authorization = `Bearer ${apiKey}`;
  if (contentType !== undefined) headers["content-type"] = contentType;
  // Always framed by its length: Node sends a DELETE's body unframed otherwise, which the server reads as garbage.
  if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
  const url = `${baseUrl}${request.path}${request.query ? `?${request.query}` : ""}`;

  return new Promise((resolve, reject) => {
    let answered = false;
    const outgoing = httpRequest(url, { method: request.method, headers, agent: false, timeout: ANSWER_TIMEOUT_MS }, (response) => {
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
    outgoing.on("error", (error) => (answered ? undefined : reject(error)));
    outgoing.on("timeout", () => outgoing.destroy(new Error(`No answer in ${ANSWER_TIMEOUT_MS} ms`)));
    outgoing.end(body);
  });
}
