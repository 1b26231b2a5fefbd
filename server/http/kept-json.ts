// An answer kept as the JSON it is sent as (decision 028): serialised and encoded once when read, however often sent.
import type { Context, TypedResponse } from "hono";
import type { JSONParsed } from "hono/utils/types";

export type KeptJson<T> = { readonly value: T; readonly bytes: Uint8Array<ArrayBuffer> };

export const keptJson = <T>(value: T): KeptJson<T> => ({ value, bytes: new Uint8Array(Buffer.from(JSON.stringify(value), "utf8")) });

/** Sends it exactly as `c.json(value, 200)` would, typed the same for the web app's client, without serialising again. */
export function sendKeptJson<T>(c: Context, kept: KeptJson<T>): Response & TypedResponse<JSONParsed<T>, 200, "json"> {
  // Only the type changes: the body is the JSON of `kept.value`, which is what the typed client reads.
  return c.body(kept.bytes, 200, { "Content-Type": "application/json" }) as unknown as Response & TypedResponse<JSONParsed<T>, 200, "json">;
}
