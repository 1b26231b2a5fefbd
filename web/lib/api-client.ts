// The typed API client: routes and payload types come from the server's Hono app, nothing is copied by hand.
import { hc } from "hono/client";
import type { AnyClientResponse, SuccessBody } from "@/common/api-response";
import type { ApiType } from "../../server/app.ts";
import { apiErrorFrom } from "./api-error.ts";
import { fetchWithEarlyAnswers } from "./early-requests.ts";

export const api = hc<ApiType>("/api", { init: { credentials: "same-origin" }, fetch: fetchWithEarlyAnswers });

/** The JSON of a successful answer, or an ApiError carrying the status, the message and the field errors. */
export async function unwrap<R extends AnyClientResponse>(request: Promise<R>): Promise<SuccessBody<R>> {
  const response = await request;
  if (!response.ok) throw await apiErrorFrom(response as unknown as Response);
  return (await response.json()) as SuccessBody<R>;
}
