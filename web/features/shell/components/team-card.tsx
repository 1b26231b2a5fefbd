import { useQuery } from "@tanstack/react-query";
import { UserPlus, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "@/common/paths";
import { Button } from "@/web/components/ui/button";
import { Skeleton } from "@/web/components/ui/skeleton";
import { teamQueryOptions } from "@/web/features/team/api/team";

/** The team's real name and member count (DESIGN.md §8), and the way to invite more people. */
export function TeamCard() {
  const { t } = useTranslation();
  const team = useQuery(teamQueryOptions());
  return (
    <section aria-label={t("sidebar.team.label")} className="rounded-lg border bg-sidebar-accent/40 p-3 group-data-[collapsible=icon]:hidden" data-testid="team-card">
      <div className="flex items-center gap-2">
        <Users className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        {team.isPending ? (
          <Skeleton className="h-4 w-24" />
        ) : (
          <p className="truncate text-sm font-medium">{team.data?.name ?? t("sidebar.team.none")}</p>
        )}
      </div>
      <p className="mt-1 text-xs text-muted-foreground">{team.data ? t("sidebar.team.members", { count: team.data.memberCount }) : "\u00a0"}</p>
      <Button asChild size="sm" variant="outline" className="mt-2 w-full">
        <Link to={paths.organizationInvites}>
          <UserPlus aria-hidden="true" />
          {t("sidebar.team.invite")}
        </Link>
      </Button>
    </section>
  );
}
