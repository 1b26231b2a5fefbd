import { queryOptions } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { api, unwrap } from "@/web/lib/api-client";

export type Profile = InferResponseType<typeof api.profile.$get, 200>;

export const profileKeys = {
  all: ["profile"] as const,
  mine: (authId: string) => [...profileKeys.all, authId] as const,
};

export const profileQueryOptions = (authId: string) =>
  queryOptions({ queryKey: profileKeys.mine(authId), queryFn: () => unwrap(api.profile.$get()) });
