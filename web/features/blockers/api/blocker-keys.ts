import type { z } from "zod";
import type { resolvedFiltersSchema, teamBoardQuerySchema } from "@/common/blockers";

export type DashboardList = "waiting-on-me" | "im-waiting-on";
export type ResolvedFilters = z.input<typeof resolvedFiltersSchema>;
export type TeamBoardQuery = z.output<typeof teamBoardQuerySchema>;

/** Every blocker query lives under ["blockers"], so one change can refresh the lists, the pages, or both by prefix. */
export const blockerKeys = {
  all: ["blockers"] as const,
  lists: () => [...blockerKeys.all, "list"] as const,
  list: (list: DashboardList) => [...blockerKeys.lists(), list] as const,
  dashboard: () => [...blockerKeys.lists(), "dashboard"] as const,
  resolved: (filters: ResolvedFilters) => [...blockerKeys.lists(), "resolved", filters] as const,
  team: (query: TeamBoardQuery) => [...blockerKeys.lists(), "team", query] as const,
  details: () => [...blockerKeys.all, "detail"] as const,
  detail: (id: string) => [...blockerKeys.details(), id] as const,
};
