// Switching this tab to another team: it names the new team from its next request on, everything read in the old
// one is read again (shown loading meanwhile, never the old team's), and the dashboard opens.
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { paths } from "@/common/paths";
import { chooseTeam } from "@/web/lib/current-team";
import { resetTeamReads } from "./api/team";

export function useSwitchTeam() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (teamId: string) => {
    await queryClient.cancelQueries();
    chooseTeam(teamId);
    await navigate(paths.dashboard);
    await resetTeamReads(queryClient);
  };
}
