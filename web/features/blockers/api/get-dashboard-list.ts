import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQueryClient, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { counterKeys } from "@/web/features/counters/api/get-counters";
import { api, unwrap } from "@/web/lib/api-client";
import { blockerKeys, type DashboardList } from "./blocker-keys";

export type DashboardPage = InferResponseType<(typeof api.blockers)["waiting-on-me"]["$get"], 200>;
export type BlockerCardData = DashboardPage["items"][number];
export type BlockingPart = BlockerCardData["blocking"][number];

const column = { "waiting-on-me": "waitingOnMe", "im-waiting-on": "imWaitingOn" } as const satisfies Record<DashboardList, string>;

export type Dashboard = InferResponseType<typeof api.dashboard.$get, 200>;
type ColumnPage = DashboardPage & { count?: number; snoozed?: number };

/** A column's first page, as the dashboard's one answer holds it, with the column's count and how many are snoozed. */
const firstPageOf = (dashboard: Dashboard, list: DashboardList): ColumnPage => ({ ...dashboard[column[list]], count: dashboard.counters[column[list]], snoozed: dashboard.snoozed[column[list]] });

/** The dashboard's answer put where its columns and the counters read it: the page the server rendered (issue #28). */
export function seedDashboard(queryClient: QueryClient, dashboard: Dashboard) {
  queryClient.setQueryData(blockerKeys.dashboard(), dashboard);
  queryClient.setQueryData(counterKeys.all, dashboard.counters);
  for (const list of ["waiting-on-me", "im-waiting-on"] as const) queryClient.setQueryData<InfiniteData<ColumnPage, string | null>>(blockerKeys.list(list), { pages: [firstPageOf(dashboard, list)], pageParams: [null] });
}

/**
 * The dashboard's first load: both counters and both first pages in one request. Not shown by itself: each column
 * asks for it (at the same moment, so one request serves both) and the profile card's counters are updated from it.
 */
const dashboardQueryOptions = (queryClient: QueryClient) =>
  queryOptions({
    queryKey: blockerKeys.dashboard(),
    queryFn: async () => {
      const dashboard = await unwrap(api.dashboard.$get());
      queryClient.setQueryData(counterKeys.all, dashboard.counters);
      return dashboard;
    },
  });

/** One of the dashboard's two columns, 50 cards a page; the first page carries the column's count and how many are snoozed. */
const dashboardListQueryOptions = (list: DashboardList, queryClient: QueryClient) =>
  infiniteQueryOptions({
    queryKey: blockerKeys.list(list),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }): Promise<ColumnPage> => {
      if (pageParam === null) return firstPageOf(await queryClient.fetchQuery(dashboardQueryOptions(queryClient)), list);
      return unwrap(api.blockers[list].$get({ query: { cursor: pageParam } }));
    },
    getNextPageParam: (page) => page.nextCursor,
  });

/**
 * A dashboard column for BlockerList: its cards so far (every page loaded), its next page, its count (the profile
 * card's counter) and how many of it are snoozed (folded at its end, decision 049).
 */
export function useDashboardColumn(list: DashboardList) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(dashboardListQueryOptions(list, queryClient));
  const first = query.data?.pages[0];
  return { query: { ...query, data: query.data?.pages.flatMap((page) => page.items) }, count: first?.count, snoozed: first?.snoozed ?? 0 };
}

/**
 * Draws a change on the dashboard's rows before the server has answered (issue #27: a row's new state painted at once):
 * each loaded card of a column with this id becomes what `change` makes of it (null: it leaves the column). The
 * mutation reads the lists again when it settles, so the server's answer replaces this guess either way.
 */
export async function changeDashboardCard(queryClient: QueryClient, list: DashboardList, id: string, change: (card: BlockerCardData) => BlockerCardData | null) {
  const key = blockerKeys.list(list);
  await queryClient.cancelQueries({ queryKey: key });
  queryClient.setQueryData<InfiniteData<ColumnPage>>(key, (data) =>
    data && {
      ...data,
      pages: data.pages.map((page) => ({ ...page, items: page.items.flatMap((card) => (card.id === id ? (change(card) ?? []) : [card])) })),
    },
  );
}
