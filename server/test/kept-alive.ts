// Requests sent one after another on a connection kept open, as browsers and proxies send them: what an answer given
// before the body was read must leave usable, or close cleanly (server/http/early-answers.ts).
import http from "node:http";
import type { Socket } from "node:net";

export type KeptAliveAnswer = { status: number; headers: http.IncomingHttpHeaders; text: string; socket: Socket; reusedSocket: boolean };

export type KeptAliveRequest = { method: string; path: string; headers?: http.OutgoingHttpHeaders; body?: string; chunked?: { opening: string; bytes: number; closing: string } };

/** A connection kept open between requests, one request at a time. */
export const keptAliveConnection = () => new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One request through `agent`: `body` sent with a Content-Length, or `chunked` in 64 kB pieces without one. */
export function sendKeptAlive(agent: http.Agent, baseUrl: string, request: KeptAliveRequest): Promise<KeptAliveAnswer> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = { origin: baseUrl, "content-type": "application/json", ...request.headers };
    if (request.body !== undefined) headers["content-length"] = Buffer.byteLength(request.body);
    const outgoing = http.request(`${baseUrl}${request.path}`, { method: request.method, agent, headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text, socket: response.socket, reusedSocket: outgoing.reusedSocket }));
      response.on("error", reject);
    });
    outgoing.on("error", reject);
    if (request.chunked) {
      const piece = "x".repeat(64 * 1024);
      outgoing.write(request.chunked.opening);
      for (let sent = 0; sent <= request.chunked.bytes; sent += piece.length) outgoing.write(piece);
      return void outgoing.end(request.chunked.closing);
    }
    outgoing.end(request.body);
  });
}

/** Resolves once the socket is closed (by the server, after an answer that said `Connection: close`). */
export const closed = (socket: Socket) => (socket.closed ? Promise.resolve() : new Promise((resolve) => socket.once("close", resolve)));
