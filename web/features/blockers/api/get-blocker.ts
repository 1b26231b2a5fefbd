import { queryOptions } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { api, unwrap } from "@/web/lib/api-client";
import { blockerKeys } from "./blocker-keys";

export type BlockerDetail = InferResponseType<(typeof api.blockers)[":id"]["$get"], 200>;
export type TimelineEvent = BlockerDetail["timeline"][number];
export type AllowedActions = BlockerDetail["can"];

export const blockerQueryOptions = (id: string) => queryOptions({ queryKey: blockerKeys.detail(id), queryFn: () => unwrap(api.blockers[":id"].$get({ param: { id } })) });
