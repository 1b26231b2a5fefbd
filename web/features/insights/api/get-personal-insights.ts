import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "@/web/lib/api-client";
import { insightKeys, type InsightRange } from "./insight-keys";

/** A member's own report; the previous range's stays on screen while another loads. */
export const personalInsightsQueryOptions = (range: InsightRange) =>
  queryOptions({ queryKey: insightKeys.personal(range), queryFn: () => unwrap(api.insights.me.$get({ query: range })), placeholderData: keepPreviousData });

export type PersonalInsights = Awaited<ReturnType<NonNullable<ReturnType<typeof personalInsightsQueryOptions>["queryFn"]>>>;
