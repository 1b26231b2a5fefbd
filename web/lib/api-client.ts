// The typed API client: routes and payload types come from the server's Hono app, nothing is copied by hand.
import { hc } from "hono/client";
import type { AnyClientResponse, SuccessBody } from "@/common/api-response";
import type { ApiType } from "../../server/app.ts";
import { apiErrorFrom } from "./api-error.ts";
import { chooseTeam, currentTeamId, withTeam } from "./current-team.ts";
import { fetchWithEarlyAnswers } from "./early-requests.ts";

/**
 * Every request names the team this tab acts in (current-team.ts). When the server says the person is no longer in
 * it (removed, or they left in another tab), the tab forgets it; a read is asked again in the person's first team,
 * a change is not (it was meant for the team that is gone, and its refusal is shown).
 */
export async function fetchInTeam(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const named = currentTeamId();
  const response = await fetchWithEarlyAnswers(input, withTeam(init));
  if (named === null || response.status !== 403) return response;
  const code = await response
    .clone()
    .json()
    .then((body: unknown) => (typeof body === "object" && body !== null && "code" in body ? body.code : undefined))
    .catch(() => undefined);
  if (code !== "not_a_member") return response;
  if (currentTeamId() === named) chooseTeam(null);
  const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
  return method === "GET" ? fetchWithEarlyAnswers(input, withTeam(init)) : response;
}

export const api = hc<ApiType>("/api", { init: { credentials: "same-origin" }, fetch: fetchInTeam });

/** The JSON of a successful answer, or an ApiError carrying the status, the message and the field errors. */
export async function unwrap<R extends AnyClientResponse>(request: Promise<R>): Promise<SuccessBody<R>> {
  const response = await request;
  if (!response.ok) throw await apiErrorFrom(response as unknown as Response);
  return (await response.json()) as SuccessBody<R>;
}
