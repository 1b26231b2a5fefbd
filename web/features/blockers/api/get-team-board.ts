import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { api, unwrap } from "@/web/lib/api-client";
import { blockerKeys, type TeamBoardQuery } from "./blocker-keys";

export type TeamBoardData = InferResponseType<typeof api.blockers.team.$get, 200>;
export type TeamBoardGroup = TeamBoardData["groups"][number];

/** The board stays on screen while another order or filter loads. */
export const teamBoardQueryOptions = (query: TeamBoardQuery) =>
  queryOptions({
    queryKey: blockerKeys.team(query),
    queryFn: () => unwrap(api.blockers.team.$get({ query: { sort: query.sort, ...(query.person ? { person: query.person } : {}), ...(query.priority ? { priority: query.priority } : {}) } })),
    placeholderData: keepPreviousData,
  });
