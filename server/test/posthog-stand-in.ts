// A stand-in for PostHog's ingestion host, which cannot be reached from here: a local HTTPS server (POSTHOG_HOST must
// be https, decision 038) speaking the capture protocol posthog-js uses — POST /e/ (and the older /batch/, /capture/,
// /i/v0/e/) with a JSON body that is an event, a list of events or `{ api_key, batch }`, sent gzip-compressed
// (`?compression=gzip-js`), base64 in a form (`data=`, what sendBeacon sends) or as it is — answering CORS preflights as
// PostHog does. Every request is recorded, decoded, whatever its path, so a test can see what was sent and that nothing
// else (no /flags, no remote configuration, no script) was asked for: GET /_stand-in/requests.
// Its certificate is made by openssl when it starts (valid for localhost, two days); browsers in the tests accept it
// with Playwright's `ignoreHTTPSErrors`.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { keepIdleConnectionsLongerThanClients } from "../http/keep-alive.ts";

export type PostHogEvent = { event: string; properties: Record<string, unknown>; $set?: Record<string, unknown>; $set_once?: Record<string, unknown> };
/** One request as received: `body` is its decoded text (what a test searches for what must never be sent),
 * `encoding` how it came, and `client` the X-Forwarded-For the test's browser adds to all its requests (e2e/fixtures.ts),
 * so that each test reads what its own browser sent. */
export type PostHogRequest = { method: string; path: string; query: Record<string, string>; encoding: BodyEncoding; body: string; events: PostHogEvent[]; client: string | undefined };
type BodyEncoding = "gzip" | "base64" | "plain" | "none";

export const CAPTURE_PATHS = ["/e/", "/i/v0/e/", "/batch/", "/capture/", "/track/"];
const READ_OUT_PATH = "/_stand-in/requests";

function selfSignedCertificate() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "holdup-posthog-tls-"));
  try {
    const [key, cert] = [path.join(dir, "key.pem"), path.join(dir, "cert.pem")];
    execFileSync("openssl", ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1", "-keyout", key, "-out", cert], { stdio: "ignore" });
    return { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function rawBodyOf(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The body's text, however posthog-js encoded it. */
export function decodeBody(raw: Buffer, query: URLSearchParams, headers: IncomingMessage["headers"]): { encoding: BodyEncoding; text: string } {
  if (raw.length === 0) return { encoding: "none", text: "" };
  const gzipped = query.get("compression") === "gzip-js" || headers["content-encoding"] === "gzip" || (raw[0] === 0x1f && raw[1] === 0x8b);
  if (gzipped) return { encoding: "gzip", text: zlib.gunzipSync(raw).toString("utf8") };
  const text = raw.toString("utf8");
  if ((headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded") || query.get("compression") === "base64") {
    const data = new URLSearchParams(text).get("data") ?? "";
    return { encoding: "base64", text: Buffer.from(data, "base64").toString("utf8") };
  }
  return { encoding: "plain", text };
}

function eventsOf(body: string): PostHogEvent[] {
  if (!body) return [];
  const parsed = JSON.parse(body) as unknown;
  const list = Array.isArray(parsed) ? parsed : typeof parsed === "object" && parsed !== null && "batch" in parsed && Array.isArray(parsed.batch) ? parsed.batch : [parsed];
  return list as PostHogEvent[];
}

export async function startPostHogStandIn(options: { port?: number } = {}) {
  const requests: PostHogRequest[] = [];

  const cors = (request: IncomingMessage, response: ServerResponse) => {
    // PostHog answers any origin, credentials allowed (posthog-js sends with credentials).
    response.setHeader("Access-Control-Allow-Origin", request.headers.origin ?? "*");
    response.setHeader("Access-Control-Allow-Credentials", "true");
    response.setHeader("Vary", "Origin");
  };
  const json = (response: ServerResponse, status: number, value: unknown) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(value));
  };

  const server = createServer(selfSignedCertificate(), (request, response) => {
    const url = new URL(request.url ?? "/", "https://stand-in");
    cors(request, response);
    if (request.method === "GET" && url.pathname === READ_OUT_PATH) {
      // A test polls this: its connection is not kept for a next poll that could meet the server closing it idle.
      response.setHeader("Connection", "close");
      return json(response, 200, requests);
    }
    if (request.method === "OPTIONS") {
      response.setHeader("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
      response.setHeader("Access-Control-Allow-Headers", request.headers["access-control-request-headers"] ?? "content-type");
      response.writeHead(204).end();
      return;
    }
    void rawBodyOf(request).then((raw) => {
      const entry: PostHogRequest = { method: request.method ?? "", path: url.pathname, query: Object.fromEntries(url.searchParams), encoding: "none", body: "", events: [], client: request.headers["x-forwarded-for"]?.toString() };
      requests.push(entry);
      try {
        const decoded = decodeBody(raw, url.searchParams, request.headers);
        entry.encoding = decoded.encoding;
        entry.body = decoded.text;
        if (request.method === "POST" && CAPTURE_PATHS.includes(url.pathname)) {
          entry.events = eventsOf(entry.body);
          return json(response, 200, { status: 1 });
        }
        return json(response, 404, { type: "invalid_request", code: "not_found", detail: `The stand-in does not serve ${url.pathname}` });
      } catch (error) {
        entry.body = `(undecodable: ${(error as Error).message})`;
        return json(response, 400, { type: "validation_error", code: "invalid_payload", detail: "Malformed request data" });
      }
    }, () => response.destroy()); // the browser went away mid-request (a page unloading): nothing to answer
  });
  keepIdleConnectionsLongerThanClients(server);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** What POSTHOG_HOST names. */
    url: `https://localhost:${port}`,
    readOutUrl: `https://localhost:${port}${READ_OUT_PATH}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
