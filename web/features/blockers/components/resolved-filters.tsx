// The resolved list's filters: a person and a date range, kept in the address so a filtered list can be shared.
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { resolvedFilterNames, resolvedFiltersOf } from "@/common/blockers";
import { FormField } from "@/web/components/form-field";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { PeoplePicker } from "@/web/features/people/components/people-picker";
import { useAddressFilters } from "@/web/lib/search-params";
import type { ResolvedFilters } from "../api/blocker-keys";

/** The filters in the address; a value that is not valid (an edited link) is left out rather than sent. */
export function useResolvedFilters() {
  const { searchParams, setFilter: setAddressFilter, clearFilters } = useAddressFilters();
  const filters: ResolvedFilters = resolvedFiltersOf(searchParams);
  const setFilter = (name: (typeof resolvedFilterNames)[number], value: string | undefined) => setAddressFilter(name, value);
  const clear = clearFilters;
  return { filters, setFilter, clear, isFiltered: Object.keys(filters).length > 0 };
}

export function ResolvedFiltersBar({ filters, setFilter, clear, isFiltered }: ReturnType<typeof useResolvedFilters>) {
  const { t } = useTranslation();
  const headingId = useId();
  const rangeError = filters.from && filters.to && filters.from > filters.to ? t("blockers.resolved.rangeError") : undefined;
  return (
    <section aria-labelledby={headingId} className="grid gap-4 rounded-lg border bg-card p-4 sm:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start">
      <h2 id={headingId} className="sr-only">
        {t("blockers.resolved.filters")}
      </h2>
      <FormField label={t("blockers.resolved.person")}>
        {(control) => (
          <PeoplePicker {...control} multiple={false} includeSelf value={filters.person ? [filters.person] : []} onChange={([person]) => setFilter("person", person)} placeholder={t("blockers.resolved.anyone")} />
        )}
      </FormField>
      <FormField label={t("blockers.resolved.from")} error={rangeError}>
        {(control) => <Input {...control} type="date" value={filters.from ?? ""} max={filters.to} onChange={(event) => setFilter("from", event.target.value)} />}
      </FormField>
      <FormField label={t("blockers.resolved.to")}>
        {(control) => <Input {...control} type="date" value={filters.to ?? ""} min={filters.from} onChange={(event) => setFilter("to", event.target.value)} />}
      </FormField>
      <div className="sm:pt-6">
        <Button variant="ghost" onClick={clear} disabled={!isFiltered} className="w-full sm:w-auto">
          {t("blockers.resolved.clear")}
        </Button>
      </div>
    </section>
  );
}
