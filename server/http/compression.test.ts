// API answers over 1 KB come compressed when the client asks (br first, then gzip); small ones, event streams and
// clients that ask for nothing come as they are.
import { get } from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeBlocker, makeTeam, type Teammate } from "../test/factories.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";
import { chosenEncoding } from "./compression.ts";

let server: TestServer;
let alice: Teammate, bob: Teammate;
beforeAll(async () => {
  server = await startTestServer({ smtp: false });
  [alice, bob] = (await makeTeam(server, ["Alice", "Bob"])) as [Teammate, Teammate];
  for (let index = 0; index < 4; index++) await makeBlocker(alice, [bob], { title: `Blocker number ${index} with a title long enough to matter` });
});
afterAll(() => server?.stop());

/** The raw bytes and headers, as they went over the wire (fetch would decompress them). */
function rawGet(path: string, headers: Record<string, string>) {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    get(`${server.url}${path}`, { headers: { cookie: bob.client.cookieHeader, ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    }).on("error", reject);
  });
}

describe("compressed answers", () => {
  it("compresses a large JSON answer with brotli, or gzip, to the same JSON", async () => {
    const plain = await rawGet("/api/blockers/waiting-on-me", {});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const expected = JSON.parse(plain.body.toString());

    const br = await rawGet("/api/blockers/waiting-on-me", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toContain("Accept-Encoding");
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString())).toEqual(expected);

    const gzipped = await rawGet("/api/blockers/waiting-on-me", { "accept-encoding": "gzip, br;q=0" });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(zlib.gunzipSync(gzipped.body).toString())).toEqual(expected);
  });

  it("leaves small answers as they are (event streams are not JSON: the live e2e tests cover them)", async () => {
    const small = await rawGet("/api/health", { "accept-encoding": "br" });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toMatchObject({ ok: true });
  });

  it("reads Accept-Encoding as HTTP says", () => {
    expect(chosenEncoding("gzip, deflate, br")).toBe("br");
    expect(chosenEncoding("br;q=0, gzip")).toBe("gzip");
    expect(chosenEncoding("BR")).toBe("br");
    expect(chosenEncoding("identity")).toBeUndefined();
    expect(chosenEncoding("*")).toBe("gzip");
    expect(chosenEncoding(undefined)).toBeUndefined();
    expect(chosenEncoding("gzip;q=0, br;q=0.0")).toBeUndefined();
  });
});
