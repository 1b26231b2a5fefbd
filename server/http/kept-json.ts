// An answer kept as the JSON it is sent as (decision 028): serialised and encoded once when read, and compressed once
// per encoding the first time a client asks for it, however often it is sent. Compressing a dashboard's answer costs
// more than serving it from memory does.
import type { Context, TypedResponse } from "hono";
import type { JSONParsed } from "hono/utils/types";
import { chosenEncoding, compress, COMPRESS_FROM_BYTES, type Encoding } from "./compression.ts";
import { requestHeader } from "./request-header.ts";

export type KeptJson<T> = { readonly value: T; readonly bytes: Uint8Array<ArrayBuffer>; readonly compressed: Map<Encoding, Promise<Uint8Array<ArrayBuffer>>> };

export const keptJson = <T>(value: T): KeptJson<T> => ({ value, bytes: new TextEncoder().encode(JSON.stringify(value)), compressed: new Map() });

/**
 * Sends it exactly as `c.json(value, 200)` and the compression middleware would, typed the same for the web app's
 * client, without serialising or compressing it again.
 */
export async function sendKeptJson<T>(c: Context, kept: KeptJson<T>): Promise<Response & TypedResponse<JSONParsed<T>, 200, "json">> {
  const encoding = kept.bytes.byteLength >= COMPRESS_FROM_BYTES ? chosenEncoding(requestHeader(c, "accept-encoding")) : undefined;
  let body = kept.bytes;
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (encoding) {
    let compressed = kept.compressed.get(encoding);
    if (!compressed) {
      // A failure is not kept: the next request tries again.
      compressed = compress(kept.bytes, encoding).catch((error: unknown) => {
        kept.compressed.delete(encoding);
        throw error;
      });
      kept.compressed.set(encoding, compressed);
    }
    body = await compressed;
    headers["Content-Encoding"] = encoding;
  }
  // Only the type changes: the body is the JSON of `kept.value`, which is what the typed client reads.
  return c.body(body, 200, headers) as unknown as Response & TypedResponse<JSONParsed<T>, 200, "json">;
}
