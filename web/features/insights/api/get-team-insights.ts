import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "@/web/lib/api-client";
import { insightKeys, type TeamInsightView } from "./insight-keys";

/** The team's report for a view (range and filters); the previous view's stays on screen while another loads. */
export const teamInsightsQueryOptions = (view: TeamInsightView) =>
  queryOptions({ queryKey: insightKeys.team(view), queryFn: () => unwrap(api.insights.team.$get({ query: view })), placeholderData: keepPreviousData });

export type TeamInsights = Awaited<ReturnType<NonNullable<ReturnType<typeof teamInsightsQueryOptions>["queryFn"]>>>;
