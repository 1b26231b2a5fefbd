// A report's view in the address (?days=, or ?from=&to=, and for the team ?person=&priority=&source=): a view can be
// shared as a link, and each change is a step the back button undoes. A value that is not valid (an edited link)
// is left out rather than sent.
import { teamFields } from "@/common/insights";
import { useAddressFilters } from "@/web/lib/search-params";
import type { TeamInsightView } from "../api/insight-keys";

const rangeNames = ["days", "from", "to"] as const;
const filterNames = ["person", "priority", "source"] as const;

export function useInsightView(report: "me" | "team") {
  const { searchParams, setFilters } = useAddressFilters({ history: "push" });
  const names = report === "team" ? [...rangeNames, ...filterNames] : rangeNames;
  const view: TeamInsightView = {};
  for (const name of names) {
    const parsed = teamFields[name].safeParse(searchParams.get(name) ?? undefined);
    if (parsed.success && parsed.data) Object.assign(view, { [name]: parsed.data });
  }
  // Dates win over a preset named beside them; a range that ends before it starts is not asked.
  if (view.from || view.to) delete view.days;
  if (view.from && view.to && view.from > view.to) delete view.to;
  return {
    view,
    isFiltered: filterNames.some((name) => view[name] !== undefined),
    setPreset: (days: string) => setFilters({ days: days === "30" ? undefined : days, from: undefined, to: undefined }),
    setDates: (from: string | undefined, to: string | undefined) => setFilters({ days: undefined, from, to }),
    setFilter: (name: (typeof filterNames)[number], value: string | undefined) => setFilters({ [name]: value }),
    clearFilters: () => setFilters(Object.fromEntries(filterNames.map((name) => [name, undefined]))),
  };
}

export type InsightViewState = ReturnType<typeof useInsightView>;
