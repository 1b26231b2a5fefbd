import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { api, unwrap } from "@/web/lib/api-client";

/** The server's answer, and the text it answers (the previous answer is shown while the next one loads). */
export type SearchResults = InferResponseType<typeof api.search.$get, 200> & { q: string };

/** Results as you type: the previous answer stays on screen while the next one loads. */
export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ["search", q],
    queryFn: async (): Promise<SearchResults> => ({ ...(await unwrap(api.search.$get({ query: { q } }))), q }),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
