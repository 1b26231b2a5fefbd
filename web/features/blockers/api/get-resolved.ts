import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { api, unwrap } from "@/web/lib/api-client";
import { blockerKeys, type ResolvedFilters } from "./blocker-keys";

export type ResolvedList = InferResponseType<typeof api.blockers.resolved.$get, 200>;

/** Resolved and cancelled blockers; the previous answer stays on screen while a new filter loads. */
export const resolvedQueryOptions = (filters: ResolvedFilters) =>
  queryOptions({ queryKey: blockerKeys.resolved(filters), queryFn: () => unwrap(api.blockers.resolved.$get({ query: filters })), placeholderData: keepPreviousData });
