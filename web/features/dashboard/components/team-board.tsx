// The dashboard's Team view: every open blocker of the team, grouped by the person it waits on (count and oldest
// wait), in the order and with the filters the address holds (?view=team&sort=…&person=…&priority=…).
import { useQuery } from "@tanstack/react-query";
import { Users } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "@/common/paths";
import { blockerPriorities, teamBoardQuerySchema, teamBoardSorts } from "@/common/blockers";
import { EmptyState } from "@/web/components/empty-state";
import { FormField } from "@/web/components/form-field";
import { PersonAvatar } from "@/web/components/person-avatar";
import { QueryError } from "@/web/components/query-error";
import { Button } from "@/web/components/ui/button";
import { NativeSelect } from "@/web/components/ui/native-select";
import type { TeamBoardQuery } from "@/web/features/blockers/api/blocker-keys";
import { teamBoardQueryOptions, type TeamBoardGroup } from "@/web/features/blockers/api/get-team-board";
import { BlockerRow, BlockerRowSkeleton } from "@/web/features/blockers/components/blocker-row";
import { RowMenuButton, WaitingPrimaryAction } from "@/web/features/blockers/components/row-actions";
import { PeoplePicker } from "@/web/features/people/components/people-picker";
import { personName } from "@/web/lib/person-name";
import { useAddressFilters } from "@/web/lib/search-params";
import { formatAge } from "@/web/lib/relative-time";


/** The board's order and filters from the address; what is not valid there (an edited link) falls back to the default. */
function useTeamBoardQuery() {
  const { searchParams, setFilter } = useAddressFilters();
  const parsed = teamBoardQuerySchema.safeParse(Object.fromEntries(["sort", "person", "priority"].flatMap((name) => (searchParams.get(name) ? [[name, searchParams.get(name)]] : []))));
  const query: TeamBoardQuery = parsed.success ? parsed.data : { sort: "age" };
  const set = (name: "sort" | "person" | "priority", value: string | undefined) => setFilter(name, value);
  return { query, set };
}

export function TeamBoard({ now }: { now: Date }) {
  const { t } = useTranslation();
  const { query, set } = useTeamBoardQuery();
  const board = useQuery(teamBoardQueryOptions(query));
  const toolbarId = useId();
  return (
    <div className="grid gap-6">
      <section aria-labelledby={toolbarId} className="grid gap-4 rounded-lg border bg-card p-3 sm:grid-cols-3">
        <h2 id={toolbarId} className="sr-only">
          {t("dashboard.team.options")}
        </h2>
        <FormField label={t("dashboard.team.sort")}>
          {(control) => (
            <NativeSelect {...control} value={query.sort} onChange={(event) => set("sort", event.target.value === "age" ? undefined : event.target.value)}>
              {teamBoardSorts.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`dashboard.team.sorts.${sort}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t("dashboard.team.person")}>
          {(control) => <PeoplePicker {...control} multiple={false} includeSelf value={query.person ? [query.person] : []} onChange={([person]) => set("person", person)} placeholder={t("dashboard.team.anyone")} />}
        </FormField>
        <FormField label={t("dashboard.team.priority")}>
          {(control) => (
            <NativeSelect {...control} value={query.priority ?? ""} onChange={(event) => set("priority", event.target.value || undefined)}>
              <option value="">{t("dashboard.team.anyPriority")}</option>
              {[...blockerPriorities].reverse().map((priority) => (
                <option key={priority} value={priority}>
                  {t(`blockers.priority.${priority}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </section>
      <div aria-busy={board.isPending || board.isFetching} data-testid="team-board" className="grid gap-6">
        {board.isPending ? (
          <div className="divide-y rounded-lg border">
            <output className="sr-only">{t("ui.loading")}</output>
            <BlockerRowSkeleton />
            <BlockerRowSkeleton />
          </div>
        ) : board.isError ? (
          <QueryError error={board.error} onRetry={() => void board.refetch()} />
        ) : board.data.groups.length === 0 ? (
          <EmptyState icon={Users} title={t(query.person || query.priority ? "dashboard.team.emptyFilteredTitle" : "dashboard.team.emptyTitle")} description={t("dashboard.team.emptyDescription")} />
        ) : (
          board.data.groups.map((group) => <PersonGroup key={group.person?.id ?? "nobody"} group={group} now={now} showAll={() => group.person && set("person", group.person.id)} filtered={Boolean(query.person)} />)
        )}
      </div>
    </div>
  );
}

function PersonGroup({ group, now, showAll, filtered }: { group: TeamBoardGroup; now: Date; showAll: () => void; filtered: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const name = group.person ? personName(group.person, t) : t("dashboard.team.nobody");
  const oldest = formatAge(now.getTime() - new Date(group.oldestCreatedAt).getTime(), t);
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="flex flex-wrap items-center gap-2 text-base font-semibold">
        {group.person && <PersonAvatar person={group.person} className="size-6" />}
        {group.person ? (
          <Link to={paths.user(group.person.id)} className="hover:underline">
            {name}
          </Link>
        ) : (
          name
        )}
        <span className="rounded-full bg-muted px-2 text-sm font-medium text-muted-foreground tabular-nums">{group.count}</span>
        <span className="text-sm font-normal text-muted-foreground">{t("dashboard.team.oldest", { age: oldest })}</span>
      </h2>
      <ul aria-label={t("dashboard.team.groupLabel", { name })} className="divide-y rounded-lg border bg-card text-card-foreground">
        {group.blockers.map((card) => (
          <li key={card.id}>
            <BlockerRow card={card} now={now} people="blocking" primary={<WaitingPrimaryAction card={card} now={now} />} menu={<RowMenuButton card={card} />} />
          </li>
        ))}
      </ul>
      {!filtered && group.person && group.count > group.blockers.length && (
        <Button variant="link" className="justify-self-start px-0" onClick={showAll}>
          {t("dashboard.team.showAll", { count: group.count, name })}
        </Button>
      )}
    </section>
  );
}
