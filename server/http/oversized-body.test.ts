// A body over 1 MB is refused with 413 without leaving a broken connection behind: a proxy or browser that keeps
// connections alive sends its next request on the same socket, and that request must get a proper answer.
import http from "node:http";
import type { Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, MAX_BODY_BYTES } from "../app.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ smtp: false });
});
afterAll(() => server?.stop());

type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string; socket: Socket };

/** One request through `agent`; `body` is sent with a Content-Length, or in chunks when `chunked`. */
function send(agent: http.Agent, method: string, path: string, body?: { text: string; chunked?: boolean }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = { origin: server.url, "content-type": "application/json" };
    if (body && !body.chunked) headers["content-length"] = Buffer.byteLength(body.text);
    const request = http.request(`${server.url}${path}`, { method, agent, headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text, socket: response.socket }));
      response.on("error", reject);
    });
    // Once the answer is in, an error from writing the rest of the body into the closed connection changes nothing.
    request.on("error", reject);
    if (!body) return void request.end();
    if (!body.chunked) return void request.end(body.text);
    const piece = "x".repeat(64 * 1024);
    request.write(`{"fullName":"`);
    for (let sent = 0; sent <= MAX_BODY_BYTES; sent += piece.length) request.write(piece);
    request.end(`"}`);
  });
}

const closed = (socket: Socket) => (socket.closed ? Promise.resolve() : new Promise((resolve) => socket.once("close", resolve)));

const oversized = JSON.stringify({ fullName: "x".repeat(MAX_BODY_BYTES) });

describe("a body over 1 MB", () => {
  it("is refused with 413, and the next request on the same keep-alive connection gets its answer", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await send(agent, "PATCH", "/api/profile", { text: oversized });
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.text)).toMatchObject({ code: "payload_too_large" });
      expect(refused.headers.connection).toBe("close");
      await closed(refused.socket); // by the server, once the answer is out
      const next = await send(agent, "GET", "/api/health");
      expect(next.status).toBe(200);
      expect(JSON.parse(next.text)).toMatchObject({ ok: true });
    } finally {
      agent.destroy();
    }
  });

  it("sent in chunks, without a Content-Length, is refused with 413 and leaves the connection usable too", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await send(agent, "PATCH", "/api/profile", { text: "", chunked: true });
      expect(refused.status).toBe(413);
      expect(refused.headers.connection).toBe("close");
      await closed(refused.socket);
      const next = await send(agent, "GET", "/api/health");
      expect(next.status).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});

describe("a body under 1 MB", () => {
  it("is left unread by the limit when its length is declared, so a route that refuses it unread leaves a connection that can be drained", async () => {
    // @hono/node-server cannot drain a body that was made a stream and then not read: it drops the connection half a
    // second after the answer, under the keep-alive client's next request. The limit must not make it one.
    let bodyAsked = false;
    const text = JSON.stringify({ fullName: "x".repeat(500_000) });
    const request = new (class extends Request {
      override get body() {
        bodyAsked = true;
        return super.body;
      }
    })(`${server.url}/api/profile`, { method: "PATCH", headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(text)) }, body: text });
    const answer = await createApp(server.deps).fetch(request);
    expect(answer.status).toBe(403); // no Origin: refused before anything reads the body
    expect(bodyAsked).toBe(false);
  });
});
