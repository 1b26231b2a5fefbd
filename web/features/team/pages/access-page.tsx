// /organization/access: the team's members (a page at a time, found by name or e-mail), their roles, and — for
// whoever the server allows — changing a role, removing someone, handing ownership over; anyone may leave.
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { LogOut, Search, Users } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageFrame } from "@/web/components/page-frame";
import { EmptyState } from "@/web/components/empty-state";
import { QueryError } from "@/web/components/query-error";
import { Input } from "@/web/components/ui/input";
import { Skeleton } from "@/web/components/ui/skeleton";
import { Button } from "@/web/components/ui/button";
import { usePageTitle } from "@/web/lib/use-page-title";
import { membersQueryOptions } from "../api/members";
import { InviteTeammatesLink } from "../components/invite-teammates-link";
import { teamQueryOptions } from "../api/team";
import { LeaveTeamButton } from "../components/leave-team-button";
import { MemberRow } from "../components/member-row";

/** The top bar's action: every member may invite (decision 022). */
export const PageAction = InviteTeammatesLink;

export default function AccessPage() {
  const { t } = useTranslation();
  usePageTitle(t("team.access.title"));
  const team = useQuery(teamQueryOptions());
  const [search, setSearch] = useState("");
  // The list follows the typing without a request per key held down.
  const q = useDeferredValue(search.trim());
  const members = useInfiniteQuery(membersQueryOptions(q));
  const first = members.data?.pages[0];
  const items = members.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <PageFrame>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t("team.access.title")}</h1>
          <p className="text-muted-foreground">{team.data ? t("team.access.description", { team: team.data.name, count: team.data.memberCount }) : "\u00a0"}</p>
        </div>
        {first && team.data && <LeaveTeamButton teamName={team.data.name} canLeave={first.viewer.canLeave} />}
      </div>
      <div className="relative max-w-sm">
        <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input type="search" className="pl-8" aria-label={t("team.access.search")} placeholder={t("team.access.searchPlaceholder")} value={search} onChange={(event) => setSearch(event.target.value)} />
      </div>
      {members.isPending ? (
        <div className="grid gap-2" aria-busy="true">
          <output className="sr-only">{t("ui.loading")}</output>
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} className="h-16 w-full" aria-hidden="true" />
          ))}
        </div>
      ) : members.isError ? (
        <QueryError error={members.error} onRetry={() => void members.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState icon={Users} title={t("team.access.noneFound", { q })} description={t("team.access.noneFoundDescription")} />
      ) : (
        <section aria-labelledby="members-heading" className="grid gap-3">
          <h2 id="members-heading" className="text-sm text-muted-foreground" aria-live="polite">
            {q ? t("team.access.found", { count: first?.total ?? 0, q }) : t("team.access.showing", { shown: items.length, count: first?.total ?? 0 })}
          </h2>
          <ul className="divide-y rounded-lg border" data-testid="members-list">
            {items.map((member) => (
              <MemberRow key={member.memberId} member={member} />
            ))}
          </ul>
          {members.hasNextPage && (
            <Button variant="outline" className="justify-self-center" disabled={members.isFetchingNextPage} onClick={() => void members.fetchNextPage()}>
              {members.isFetchingNextPage ? t("ui.loading") : t("team.access.more")}
            </Button>
          )}
        </section>
      )}
      {first && !first.viewer.canLeave && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <LogOut className="size-4" aria-hidden="true" />
          {t("team.access.lastOwner")}
        </p>
      )}
    </PageFrame>
  );
}
