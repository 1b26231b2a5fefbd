// One HTTP POST of a webhook (decision 039). The host is resolved here, through the resolver given (the system's by
// default), and the connection is made to the address that was checked — never to one the socket would look up again
// — so a name that answers a public address to the check and a private one to the connection (DNS rebinding) reaches
// nothing. Redirects are not followed (a 3xx is a failure: "redirect not followed"); 10 seconds for everything; the
// answer's first kilobyte is kept for the log, the rest is not read.
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { performance } from "node:perf_hooks";
import { WEBHOOK_EXCERPT_BYTES } from "../../../common/webhooks.ts";
import { addressInHost, isLoopbackName, isPublicAddress } from "./address-rules.ts";

export type ResolvedAddress = { address: string; family: number };
/** Answers the addresses of a host name (the system's resolver, or a test's). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;
export const systemResolver: HostResolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

export const WEBHOOK_TIMEOUT_MS = 10_000;
export const REDIRECT_NOT_FOLLOWED = "redirect not followed";

export type WebhookRequest = { url: string; headers: Record<string, string>; body: string };
export type WebhookOutcome = { ok: boolean; statusCode: number | null; durationMs: number; responseExcerpt: string | null; error: string | null };
export type SendOptions = { resolve: HostResolver; allowPrivate: boolean; timeoutMs?: number };

// Connections are kept open between deliveries to the same endpoint: each was made to an address checked when it was.
// Apart for the two rules, so that a connection one allowed is never reused under the other (tests run both at once).
const agentsFor = (maxSockets: number) => ({ "http:": new http.Agent({ keepAlive: true, maxSockets }), "https:": new https.Agent({ keepAlive: true, maxSockets }) });
const agents = { public: agentsFor(32), private: agentsFor(32) };

class Refused extends Error {}
/** A kept-open connection the endpoint had closed before this request went out on it. */
class ClosedWhileIdle extends Error {}
const CLOSED_WHILE_IDLE = new Set(["ECONNRESET", "EPIPE"]);

/** A lookup that answers the address already checked, whatever the socket asks. */
const checkedLookup =
  (address: string, family: number): LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all) (callback as (error: null, addresses: ResolvedAddress[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };

/** Where the request may go: the address literal, or the first public address the name resolves to. */
async function addressFor(url: URL, options: SendOptions, deadline: Promise<never>): Promise<ResolvedAddress> {
  const literal = addressInHost(url.hostname);
  if (literal) {
    if (!options.allowPrivate && !isPublicAddress(literal)) throw new Refused(`refused: ${literal} is not a public address`);
    return { address: literal, family: literal.includes(":") ? 6 : 4 };
  }
  if (!options.allowPrivate && isLoopbackName(url.hostname)) throw new Refused(`refused: ${url.hostname} is this machine`);
  const answers = await Promise.race([options.resolve(url.hostname), deadline]);
  const usable = options.allowPrivate ? answers : answers.filter((answer) => isPublicAddress(answer.address));
  const chosen = usable[0];
  if (!chosen) throw new Refused(answers.length === 0 ? `${url.hostname} has no address` : `refused: ${url.hostname} resolves to no public address (${answers.map((answer) => answer.address).join(", ")})`);
  return chosen;
}

const describe = (error: unknown, timeoutMs: number): string => {
  if (error instanceof Refused) return error.message;
  const { code, message } = error as NodeJS.ErrnoException;
  if (code === "ETIMEDOUT_WEBHOOK") return `timed out after ${timeoutMs / 1000} s`;
  if (code === "ECONNREFUSED") return "connection refused";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "host not found";
  if (code === "ECONNRESET") return "connection reset";
  return (code ? `${code}: ${message}` : String(message ?? error)).slice(0, 300);
};

export async function sendWebhook(request: WebhookRequest, options: SendOptions): Promise<WebhookOutcome> {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let timer: NodeJS.Timeout | undefined;
  let onTimeout = () => {};
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error: NodeJS.ErrnoException = new Error("timed out");
      error.code = "ETIMEDOUT_WEBHOOK";
      reject(error);
      onTimeout();
    }, timeoutMs);
  });
  deadline.catch(() => {});
  try {
    const url = new URL(request.url);
    if (url.protocol !== "https:" && !(options.allowPrivate && url.protocol === "http:")) throw new Refused("refused: only https:// addresses are called");
    const { address, family } = await addressFor(url, options, deadline);
    const exchangeOn = (agent: http.Agent | false) =>
      new Promise<WebhookOutcome>((resolve, reject) => {
        const outgoing = (url.protocol === "https:" ? https : http).request(
          {
            method: "POST",
            protocol: url.protocol,
            host: url.hostname.replace(/^\[|\]$/g, ""),
            port: url.port || undefined,
            path: `${url.pathname}${url.search}`,
            headers: { ...request.headers, "content-length": String(Buffer.byteLength(request.body)) },
            agent,
            lookup: checkedLookup(address, family),
          },
          (response) => {
            const statusCode = response.statusCode ?? 0;
            const chunks: Buffer[] = [];
            let kept = 0;
            const finish = () => {
              const excerpt = new TextDecoder("utf-8", { fatal: false }).decode(Buffer.concat(chunks).subarray(0, WEBHOOK_EXCERPT_BYTES));
              const redirect = statusCode >= 300 && statusCode < 400;
              resolve({ ok: statusCode >= 200 && statusCode < 300, statusCode, durationMs: elapsed(), responseExcerpt: excerpt, error: redirect ? REDIRECT_NOT_FOLLOWED : null });
            };
            response.on("data", (chunk: Buffer) => {
              chunks.push(chunk);
              kept += chunk.length;
              // Enough for the log: the rest is not read (nor is the connection kept).
              if (kept >= WEBHOOK_EXCERPT_BYTES) {
                response.destroy();
                finish();
              }
            });
            response.on("end", finish);
            response.on("error", reject);
          },
        );
        onTimeout = () => outgoing.destroy();
        outgoing.on("error", (error: NodeJS.ErrnoException) => reject(outgoing.reusedSocket && CLOSED_WHILE_IDLE.has(error.code ?? "") ? new ClosedWhileIdle() : error));
        outgoing.end(request.body);
      });
    // A connection kept open since the last delivery may have been closed by the endpoint meanwhile (servers close
    // idle ones after a few seconds): sent on it, the request fails at once and the endpoint saw nothing. It is sent
    // again, once, on a connection of its own — what Node's documentation advises for a reused socket.
    const exchange = exchangeOn(agents[options.allowPrivate ? "private" : "public"][url.protocol as "http:" | "https:"]).catch((error: unknown) =>
      error instanceof ClosedWhileIdle ? exchangeOn(false) : Promise.reject(error),
    );
    // Past the deadline the request is destroyed: its own failure then is no one's to hear.
    exchange.catch(() => {});
    return await Promise.race([exchange, deadline]);
  } catch (error) {
    return { ok: false, statusCode: null, durationMs: elapsed(), responseExcerpt: null, error: describe(error, timeoutMs) };
  } finally {
    clearTimeout(timer);
  }
}
