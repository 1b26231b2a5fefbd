// A connection kept open between deliveries may have been closed by the endpoint in the meantime: a delivery sent on
// it must not fail for that (a flaky gate once showed it: an endpoint closing idle connections after 5 s, a delivery
// reusing one at that moment, "connection reset", the event never seen). It is sent again on a fresh connection.
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendWebhook, systemResolver } from "./send-webhook.ts";

/** An endpoint that answers the first request of each connection, then drops the connection under the next one. */
async function endpointDroppingKeptConnections() {
  const answered: string[] = [];
  const server = net.createServer((socket) => {
    let requests = 0;
    let buffer = "";
    socket.on("data", (chunk) => {
      buffer += chunk.toString("latin1");
      const end = buffer.indexOf("\r\n\r\n");
      if (end === -1) return;
      const length = Number(/content-length: (\d+)/i.exec(buffer.slice(0, end))?.[1] ?? 0);
      if (buffer.length < end + 4 + length) return;
      const body = buffer.slice(end + 4, end + 4 + length);
      buffer = buffer.slice(end + 4 + length);
      requests += 1;
      // As a server closing an idle connection just as a request arrives on it: reset, nothing answered.
      if (requests > 1) return void socket.resetAndDestroy();
      answered.push(body);
      socket.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\nok");
    });
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, answered, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let endpoint: Awaited<ReturnType<typeof endpointDroppingKeptConnections>>;
beforeAll(async () => {
  endpoint = await endpointDroppingKeptConnections();
});
afterAll(() => endpoint?.close());

describe("a webhook sent on a connection the endpoint has closed meanwhile", () => {
  it("is sent again on a fresh connection, and arrives", async () => {
    const send = (body: string) => sendWebhook({ url: endpoint.url, headers: { "content-type": "application/json" }, body }, { resolve: systemResolver, allowPrivate: true });
    expect(await send('{"n":1}')).toMatchObject({ ok: true, statusCode: 200 });
    // Kept open by the sender, dropped by the endpoint when the next delivery comes on it.
    expect(await send('{"n":2}')).toMatchObject({ ok: true, statusCode: 200, error: null });
    expect(endpoint.answered).toEqual(['{"n":1}', '{"n":2}']);
  });
});
