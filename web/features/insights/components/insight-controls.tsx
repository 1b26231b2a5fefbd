// What a report shows: its range (the last 7, 30 or 90 days, or two dates) and, for the team's, who it waited on,
// priority and source. On the Free plan only what the server answers is offered: the last 30 days (and, for one's
// own report, any dates within them); the rest is shown disabled with the reason.
import { useTranslation } from "react-i18next";
import { blockerPriorities, blockerSources } from "@/common/blockers";
import { FREE_INSIGHT_DAYS, insightPresets } from "@/common/insights";
import { FormField } from "@/web/components/form-field";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { NativeSelect } from "@/web/components/ui/native-select";
import { PeoplePicker } from "@/web/features/people/components/people-picker";
import { cn } from "@/web/lib/cn";
import { useNow } from "@/web/lib/use-now";
import type { InsightViewState } from "./use-insight-view";

const pad = (value: number) => String(value).padStart(2, "0");
const isoDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

type Props = {
  state: InsightViewState;
  /** The range the last answer covered (the dates a preset stands for). */
  shown: { from: string; to: string } | undefined;
  plan: "free" | "plus" | undefined;
  report: "me" | "team";
};

export function RangePicker({ state, shown, plan, report }: Props) {
  const { t } = useTranslation();
  const { view } = state;
  const custom = Boolean(view.from || view.to);
  const preset = custom ? undefined : (view.days ?? "30");
  const today = useNow(60_000);
  const freeEarliest = isoDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() - (FREE_INSIGHT_DAYS - 1)));
  const isFree = plan === "free";
  const presetAllowed = (days: string) => !isFree || days === "30" || (report === "me" && Number(days) < FREE_INSIGHT_DAYS);
  const customAllowed = !isFree || report === "me";
  const segment = (active: boolean) =>
    cn("rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50", active ? "bg-background text-foreground shadow-xs" : "text-muted-foreground hover:text-foreground");
  return (
    <div className="grid gap-3">
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="float-left mr-2 text-sm font-medium">{t("insights.range.label")}</legend>
        <div className="inline-flex flex-wrap gap-1 rounded-lg bg-muted p-1">
          {insightPresets.map((days) => (
            <button key={days} type="button" aria-pressed={preset === days} disabled={!presetAllowed(days)} className={segment(preset === days)} onClick={() => state.setPreset(days)}>
              {t("insights.range.lastDays", { count: Number(days) })}
            </button>
          ))}
          <button type="button" aria-pressed={custom} disabled={!customAllowed} className={segment(custom)} onClick={() => state.setDates(shown?.from, shown?.to)}>
            {t("insights.range.custom")}
          </button>
        </div>
        {isFree && <span className="text-xs text-muted-foreground">{t(report === "me" ? "insights.plan.freeRangeMine" : "insights.plan.freeRangeTeam")}</span>}
      </fieldset>
      {custom && (
        <div className="grid gap-3 sm:max-w-md sm:grid-cols-2">
          <FormField label={t("insights.range.from")}>
            {(control) => <Input {...control} type="date" value={view.from ?? shown?.from ?? ""} min={isFree ? freeEarliest : undefined} max={view.to ?? isoDay(today)} onChange={(event) => state.setDates(event.target.value || undefined, view.to ?? shown?.to)} />}
          </FormField>
          <FormField label={t("insights.range.to")}>
            {(control) => <Input {...control} type="date" value={view.to ?? shown?.to ?? ""} min={view.from} max={isoDay(today)} onChange={(event) => state.setDates(view.from ?? shown?.from, event.target.value || undefined)} />}
          </FormField>
        </div>
      )}
    </div>
  );
}

/** The team's filters: the person waited on, a priority, a source. Plus's: shown disabled on the Free plan. */
export function TeamFilters({ state, plan }: Pick<Props, "state" | "plan">) {
  const { t } = useTranslation();
  const { view } = state;
  // A disabled fieldset disables every control in it, the people picker's trigger included.
  return (
    <fieldset disabled={plan === "free"} className="grid gap-4 rounded-lg border bg-card p-4 disabled:opacity-70 sm:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start">
      <legend className="sr-only">{t("insights.filters.title")}</legend>
      <FormField label={t("insights.filters.person")}>
        {(control) => (
          <PeoplePicker {...control} multiple={false} includeSelf value={view.person ? [view.person] : []} onChange={([person]) => state.setFilter("person", person)} placeholder={t("insights.filters.anyone")} />
        )}
      </FormField>
      <FormField label={t("insights.filters.priority")}>
        {(control) => (
          <NativeSelect {...control} value={view.priority ?? ""} onChange={(event) => state.setFilter("priority", event.target.value || undefined)}>
            <option value="">{t("insights.filters.anyPriority")}</option>
            {blockerPriorities.map((priority) => (
              <option key={priority} value={priority}>
                {t(`blockers.priority.${priority}`)}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField label={t("insights.filters.source")}>
        {(control) => (
          <NativeSelect {...control} value={view.source ?? ""} onChange={(event) => state.setFilter("source", event.target.value || undefined)}>
            <option value="">{t("insights.filters.anySource")}</option>
            {blockerSources.map((source) => (
              <option key={source} value={source}>
                {t(`insights.sources.${source}`)}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <div className="sm:pt-6">
        <Button variant="ghost" onClick={state.clearFilters} disabled={!state.isFiltered} className="w-full sm:w-auto">
          {t("insights.filters.clear")}
        </Button>
      </div>
    </fieldset>
  );
}
