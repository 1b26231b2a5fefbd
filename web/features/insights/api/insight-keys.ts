// Query keys of the reports: one per report and view (range, filters), under one prefix a change can invalidate.
import type { BlockerPriority, BlockerSource } from "@/common/blockers";
import type { insightPresets } from "@/common/insights";

/** The last 7, 30 or 90 days (`days`), or two dates; nothing is the last 30 days. */
export type InsightRange = { days?: (typeof insightPresets)[number]; from?: string; to?: string };
export type TeamInsightView = InsightRange & { person?: string; priority?: BlockerPriority; source?: BlockerSource };

export const insightKeys = {
  all: ["insights"] as const,
  personal: (range: InsightRange) => [...insightKeys.all, "me", range] as const,
  team: (view: TeamInsightView) => [...insightKeys.all, "team", view] as const,
};
