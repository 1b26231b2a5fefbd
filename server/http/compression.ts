// Compression of what the server sends, when the client asks for it: the pre-rendered pages (web-app.ts, compressed
// once, hard) and the API's JSON answers over 1 KB (compressed per answer, fast). Brotli first, then gzip.
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { requestHeader } from "./request-header.ts";

export type Encoding = "br" | "gzip";

/** The encoding to answer in, from Accept-Encoding: br, else gzip, else none ("br;q=0" refuses br). */
export function chosenEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = new Set(
    (acceptEncoding ?? "")
      .split(",")
      .map((part) => part.trim().split(";"))
      .filter(([, ...parameters]) => !parameters.some((parameter) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(parameter)))
      .map(([token]) => token?.trim().toLowerCase()),
  );
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return undefined;
}

/** Smaller answers gain less than compressing them costs. */
export const COMPRESS_FROM_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A body compressed off the event loop's critical path (zlib's thread pool), at brotli quality 4 / gzip 6: a
 * fraction of a millisecond for a dashboard's answer, most of the bytes saved.
 */
export async function compress(body: Uint8Array, encoding: Encoding): Promise<Uint8Array<ArrayBuffer>> {
  const compressed = encoding === "br" ? await brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }) : await gzip(body, { level: 6 });
  return new Uint8Array(compressed);
}

/**
 * JSON answers of `COMPRESS_FROM_BYTES` or more, compressed as the client asks. Event streams and anything already
 * encoded pass untouched (kept answers come compressed once, server/http/kept-json.ts).
 */
export const compressAnswers = (): MiddlewareHandler => async (c, next) => {
  // Set before the answer is made, not after: changing a made answer's headers makes Hono copy it into a stream,
  // which took @hono/node-server off its fast path for every JSON answer (a third of a busy server's time went to
  // writing answers chunk by chunk).
  c.header("Vary", "Accept-Encoding", { append: true });
  await next();
  const answer = c.res;
  if (!answer.body || c.req.method === "HEAD" || answer.headers.has("content-encoding") || !(answer.headers.get("content-type") ?? "").startsWith("application/json")) return;
  const encoding = chosenEncoding(requestHeader(c, "accept-encoding"));
  if (!encoding) return;
  const headers = new Headers(c.res.headers);
  const body = Buffer.from(await answer.arrayBuffer());
  if (body.length < COMPRESS_FROM_BYTES) {
    c.res = new Response(body, { status: answer.status, headers });
    return;
  }
  headers.set("Content-Encoding", encoding);
  headers.delete("Content-Length");
  c.res = new Response(await compress(body, encoding), { status: answer.status, headers });
};
