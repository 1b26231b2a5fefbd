// The tray's fetch, over node:http and node:https: what common/holdup-client asks of one (a method, headers, a text
// body, a signal; the answer's status, `ok`, `json()` and its body as a web stream), without Node's own fetch. That
// one is undici, whose code and per-request objects took 10–15 MB of the tray's memory, a fifth of its budget of
// 60 MB (docs/benchmarks.md, "The tray"). Connections are kept alive between requests, as fetch keeps them.
import http from "node:http";
import https from "node:https";
import { Readable } from "node:stream";

/** What the tray's clients read of an answer: a part of fetch's Response. */
export type HttpAnswer = { status: number; ok: boolean; headers: { get: (name: string) => string | null }; body: NonNullable<Response["body"]>; text: () => Promise<string>; json: () => Promise<unknown> };

export type HttpRequest = { method?: string; headers?: Record<string, string>; body?: string; signal?: AbortSignal | null };

const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

/** As fetch (undici) does: a request whose answer, or the next bytes of its body, take this long is ended. */
const IDLE_TIMEOUT_MS = 300_000;

export function httpFetch(input: string | URL, init: HttpRequest = {}): Promise<HttpAnswer> {
  const url = new URL(input);
  const secure = url.protocol === "https:";
  if (!secure && url.protocol !== "http:") return Promise.reject(new TypeError(`fetch: ${url.protocol} addresses are not supported`));
  return new Promise((resolve, reject) => {
    const options = { method: init.method ?? "GET", headers: init.headers, signal: init.signal ?? undefined };
    const request = secure ? https.request(url, { ...options, agent: agents.https }) : http.request(url, { ...options, agent: agents.http });
    request.setTimeout(IDLE_TIMEOUT_MS, () => request.destroy(new Error(`${url.origin} did not answer within ${IDLE_TIMEOUT_MS / 1000} s`)));
    request.on("error", reject);
    request.once("response", (response) => {
      // Read or not, an answer cut off later (the signal, the network) must not be an uncaught error.
      response.on("error", () => undefined);
      const status = response.statusCode ?? 0;
      let body: HttpAnswer["body"] | undefined;
      const text = async () => {
        const chunks: Buffer[] = [];
        for await (const chunk of response) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks).toString("utf8");
      };
      resolve({
        status,
        ok: status >= 200 && status < 300,
        headers: { get: (name) => [response.headers[name.toLowerCase()] ?? null].flat().join(", ") || null },
        get body() {
          return (body ??= Readable.toWeb(response) as HttpAnswer["body"]);
        },
        text,
        json: async () => JSON.parse(await text()) as unknown,
      });
    });
    request.end(init.body);
  });
}

/** The same, typed as the clients take it (`fetch?: typeof fetch`): they use only what HttpAnswer has. */
export const trayFetch = httpFetch as unknown as typeof fetch;
