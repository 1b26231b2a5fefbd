// The team a request acts in: named by the X-Holdup-Team header (or `?team=` where no header can be sent), else
// the person's first team (the oldest membership: what an API client or an old tab that names none gets).
import type { Context } from "hono";
import { recordIdSchema } from "../../common/profile.ts";
import { TEAM_HEADER, TEAM_QUERY } from "../../common/teams.ts";
import { fieldRefusal } from "./refusal.ts";
import { nodeRequest, requestHeader } from "./request-header.ts";

/** `?team=` read from Node's request line when there is one (c.req.query would build the whole web Request). */
function teamInQuery(c: Context): string | undefined {
  const url = nodeRequest(c)?.url ?? c.req.url;
  const query = url.indexOf("?");
  return query === -1 ? undefined : (new URLSearchParams(url.slice(query + 1)).get(TEAM_QUERY) ?? undefined);
}

/** The team named by the request, if any; a malformed one is a 400 naming the field `team`. */
export function chosenTeamOf(c: Context): string | undefined {
  const named = requestHeader(c, TEAM_HEADER) ?? teamInQuery(c);
  if (named === undefined || named === "") return undefined;
  const parsed = recordIdSchema.safeParse(named);
  if (!parsed.success) throw fieldRefusal("team", "Not a valid team id");
  return parsed.data;
}
