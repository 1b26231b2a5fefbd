// The tray's fetch over node:http does what the tray's clients ask of fetch: JSON answers with their status, a
// streamed body read as it arrives, a request ended by its signal mid-stream, and a server that cannot be reached.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpFetch } from "./http-fetch.ts";

let server: http.Server;
let url: string;
const seen: { method?: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      seen.push({ method: request.method, headers: request.headers, body });
      if (request.url === "/stream") {
        response.writeHead(200, { "content-type": "text/event-stream" });
        response.write("event: ready\ndata: {}\n\n"); // and never ends
        return;
      }
      response.writeHead(request.url === "/missing" ? 404 : 200, { "content-type": "application/json" });
      response.end(JSON.stringify({ path: request.url, body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("the tray's fetch", () => {
  it("sends the method, headers and body, and answers the status and the JSON", async () => {
    const answer = await httpFetch(new URL("/blockers", url), { method: "POST", headers: { authorization: "Bearer t", "content-type": "application/json" }, body: '{"title":"Ünïcode"}' });
    expect(answer).toMatchObject({ status: 200, ok: true });
    expect(await answer.json()).toEqual({ path: "/blockers", body: '{"title":"Ünïcode"}' });
    expect(seen.at(-1)).toMatchObject({ method: "POST", headers: expect.objectContaining({ authorization: "Bearer t" }) });
    const missing = await httpFetch(`${url}/missing`);
    expect(missing).toMatchObject({ status: 404, ok: false });
  });

  it("reads a stream as it arrives, and its signal ends it with the signal's reason", async () => {
    const stop = new AbortController();
    const answer = await httpFetch(`${url}/stream`, { signal: stop.signal });
    const reader = answer.body.pipeThrough(new TextDecoderStream()).getReader();
    expect((await reader.read()).value).toBe("event: ready\ndata: {}\n\n");
    const next = reader.read();
    stop.abort(new Error("The connection went silent"));
    await expect(next).rejects.toThrow(/aborted/i);
  });

  it("fails when the server cannot be reached, or the signal was already given", async () => {
    await expect(httpFetch("http://127.0.0.1:9/")).rejects.toThrow("ECONNREFUSED");
    await expect(httpFetch(url, { signal: AbortSignal.abort() })).rejects.toThrow(/aborted/i);
    await expect(httpFetch("ftp://example.com/")).rejects.toThrow("ftp:");
  });
});
