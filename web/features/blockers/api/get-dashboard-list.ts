import { queryOptions } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { api, unwrap } from "@/web/lib/api-client";
import { blockerKeys, type DashboardList } from "./blocker-keys";

export type BlockerCardData = InferResponseType<(typeof api.blockers)["waiting-on-me"]["$get"], 200>[number];
export type BlockingPart = BlockerCardData["blocking"][number];

const fetchers = {
  "waiting-on-me": () => unwrap(api.blockers["waiting-on-me"].$get()),
  "im-waiting-on": () => unwrap(api.blockers["im-waiting-on"].$get()),
} satisfies Record<DashboardList, () => Promise<BlockerCardData[]>>;

/** One of the dashboard's two columns. */
export const dashboardListQueryOptions = (list: DashboardList) => queryOptions({ queryKey: blockerKeys.list(list), queryFn: fetchers[list] });
