import { useQuery } from "@tanstack/react-query";
import { ChevronsUpDown, Users } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { loadOnUse } from "@/web/components/load-on-use";
import { Button } from "@/web/components/ui/button";
import { Skeleton } from "@/web/components/ui/skeleton";
import { teamQueryOptions } from "@/web/features/team/api/team";
import { InviteTeammatesLink } from "@/web/features/team/components/invite-teammates-link";
import { chooseTeam, currentTeamId } from "@/web/lib/current-team";

const TeamSwitcherMenu = loadOnUse(() => import("@/web/features/team/components/team-switcher-menu"), "menu");

/** The team this tab acts in: its real name and member count (DESIGN.md §8), the switcher, and inviting more people. */
export function TeamCard() {
  const { t } = useTranslation();
  const team = useQuery(teamQueryOptions());
  // A tab that named no team acts in the person's first one: it names that one from now on, so a team joined
  // later never changes what this tab acts in (decision 029).
  const teamId = team.data?.id;
  useEffect(() => {
    if (teamId && currentTeamId() === null) chooseTeam(teamId);
  }, [teamId]);
  return (
    <section aria-label={t("sidebar.team.label")} className="rounded-lg border bg-sidebar-accent/40 p-3 group-data-[collapsible=icon]:hidden" data-testid="team-card">
      {team.isPending ? (
        <div className="flex items-center gap-2">
          <Users className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <Skeleton className="h-4 w-24" />
        </div>
      ) : (
        <TeamSwitcherMenu
          currentTeamId={teamId}
          trigger={
            <Button
              variant="ghost"
              className="h-auto w-full justify-start gap-2 px-1 py-0.5"
              aria-label={t("sidebar.team.switchLabel", { name: team.data?.name ?? t("sidebar.team.none") })}
              aria-keyshortcuts="g t"
              data-team-switcher
            >
              <Users className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span className="truncate text-sm font-medium">{team.data?.name ?? t("sidebar.team.none")}</span>
              <ChevronsUpDown className="ml-auto size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            </Button>
          }
        />
      )}
      <p className="mt-1 px-1 text-xs text-muted-foreground">{team.data ? t("sidebar.team.members", { count: team.data.memberCount }) : "\u00a0"}</p>
      <InviteTeammatesLink variant="outline" className="mt-2 w-full" />
    </section>
  );
}
