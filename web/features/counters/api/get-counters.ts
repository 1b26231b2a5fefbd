import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "@/web/lib/api-client";
import { ApiError } from "@/web/lib/api-error";

export const counterKeys = { all: ["counters"] as const };

/** The profile card's counters; the specification caches them for 60 seconds. */
export const countersQueryOptions = () =>
  queryOptions({
    queryKey: counterKeys.all,
    queryFn: async () => {
      try {
        return await unwrap(api.counters.$get());
      } catch (error) {
        // §8: logged and rethrown. Not a 401: the session ended (a sign-out, here or elsewhere), which the auth
        // context handles; the profile card is on its way out.
        if (!(error instanceof ApiError && error.status === 401)) console.warn("Reading the waiting counters failed", error);
        throw error;
      }
    },
    staleTime: 60 * 1000,
  });
