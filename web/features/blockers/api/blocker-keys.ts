import type { z } from "zod";
import type { resolvedFiltersSchema } from "@/common/blockers";

export type DashboardList = "waiting-on-me" | "im-waiting-on";
export type ResolvedFilters = z.input<typeof resolvedFiltersSchema>;

/** Every blocker query lives under ["blockers"], so one change can refresh the lists, the pages, or both by prefix. */
export const blockerKeys = {
  all: ["blockers"] as const,
  lists: () => [...blockerKeys.all, "list"] as const,
  list: (list: DashboardList) => [...blockerKeys.lists(), list] as const,
  resolved: (filters: ResolvedFilters) => [...blockerKeys.lists(), "resolved", filters] as const,
  details: () => [...blockerKeys.all, "detail"] as const,
  detail: (id: string) => [...blockerKeys.details(), id] as const,
};
