import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "@/web/lib/api-client";

export const counterKeys = { all: ["counters"] as const };

/** The profile card's counters; the specification caches them for 60 seconds. */
export const countersQueryOptions = () =>
  queryOptions({
    queryKey: counterKeys.all,
    queryFn: async () => {
      try {
        return await unwrap(api.counters.$get());
      } catch (error) {
        console.warn("Reading the waiting counters failed", error); // §8: logged and rethrown
        throw error;
      }
    },
    staleTime: 60 * 1000,
  });
