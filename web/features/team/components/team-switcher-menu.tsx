// The team card's switcher: the person's teams, each with how many parts wait on them there, and a way to create
// another. Loaded when first used (web/components/load-on-use.tsx); "g" then "t" opens it from the keyboard.
import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { OpenableProps } from "@/web/components/load-on-use";
import { Badge } from "@/web/components/ui/badge";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuRadioGroup, DropdownMenuRadioItem, DropdownMenuSeparator, DropdownMenuTrigger } from "@/web/components/ui/dropdown-menu";
import { teamsQueryOptions } from "../api/team";
import { useSwitchTeam } from "../use-switch-team";
import { CreateTeamDialog } from "./create-team-dialog";

export default function TeamSwitcherMenu({ trigger, defaultOpen, currentTeamId }: OpenableProps & { currentTeamId: string | undefined }) {
  const { t } = useTranslation();
  // Read again each time the menu opens: the counts of the other teams have no live updates in this tab.
  const teams = useQuery({ ...teamsQueryOptions(), staleTime: 0 });
  const switchTeam = useSwitchTeam();
  const [creating, setCreating] = useState(false);
  return (
    <>
      {/* Not modal: a modal menu hides the page from screen readers with aria-hidden while its links stay focusable. */}
      <DropdownMenu defaultOpen={defaultOpen} modal={false}>
        <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-64">
          <DropdownMenuLabel>{t("sidebar.team.switch")}</DropdownMenuLabel>
          {teams.isPending && <DropdownMenuItem disabled>{t("ui.loading")}</DropdownMenuItem>}
          {teams.isError && <DropdownMenuItem disabled>{t("common.loadFailed")}</DropdownMenuItem>}
          <DropdownMenuRadioGroup value={currentTeamId} onValueChange={(teamId) => void switchTeam(teamId)}>
            {teams.data?.map((team) => (
              <DropdownMenuRadioItem key={team.id} value={team.id} className="justify-between gap-2" data-testid="team-option">
                <span className="truncate">{team.name}</span>
                {team.waitingOnMe > 0 && (
                  <Badge variant="amber" aria-label={t("sidebar.team.waitingOnYou", { count: team.waitingOnMe })}>
                    {team.waitingOnMe}
                  </Badge>
                )}
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            {t("sidebar.team.create")}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <CreateTeamDialog open={creating} onOpenChange={setCreating} onCreated={(teamId) => void switchTeam(teamId)} />
    </>
  );
}
