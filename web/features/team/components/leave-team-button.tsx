// Leaving the team this tab acts in, after a confirmation. The tab then acts in the person's first other team, or
// goes back to onboarding when none is left. The team's only owner cannot leave (the server says so too).
import { useQueryClient } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { paths } from "@/common/paths";
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle, AlertDialogTrigger } from "@/web/components/ui/alert-dialog";
import { Button } from "@/web/components/ui/button";
import { chooseTeam } from "@/web/lib/current-team";
import { api, unwrap } from "@/web/lib/api-client";
import { leaveTeam } from "../api/members";
import { useTeamMutation } from "../api/use-team-mutation";
import { resetTeamReads } from "../api/team";

export function LeaveTeamButton({ teamName, canLeave }: { teamName: string; canLeave: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const leave = useTeamMutation(async () => {
    await leaveTeam();
    const remaining = await unwrap(api.teams.$get());
    chooseTeam(remaining[0]?.id ?? null);
    await navigate(remaining.length > 0 ? paths.dashboard : paths.onboarding);
    await resetTeamReads(queryClient);
  }, () => t("team.access.left", { team: teamName }));
  if (!canLeave) return null;
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" disabled={leave.isPending}>
          <LogOut aria-hidden="true" />
          {t("team.access.leave")}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t("team.access.leaveTitle", { team: teamName })}</AlertDialogTitle>
          <AlertDialogDescription>{t("team.access.leaveDescription", { team: teamName })}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("common.cancel")}</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={() => leave.mutate(undefined)}>
            {t("team.access.confirmLeave")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
