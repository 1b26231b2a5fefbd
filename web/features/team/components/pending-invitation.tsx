// One pending invitation on /organization/invites: who, as what, sent by whom, until when; its link to copy, to send
// again, and (owners and admins) to revoke after a confirmation.
import { Copy, RotateCw, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle, AlertDialogTrigger } from "@/web/components/ui/alert-dialog";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { formatDate } from "@/web/lib/date-time";
import { toast } from "@/web/lib/toast";
import { resendInvitation, revokeInvitation, teamInvitationsKeys, type TeamInvitation } from "../api/invitations";
import type { TeamRole } from "../api/members";
import { useTeamMutation } from "../api/use-team-mutation";

export function PendingInvitation({ invitation }: { invitation: TeamInvitation }) {
  const { t } = useTranslation();
  const refresh = { refresh: [teamInvitationsKeys.all] };
  const resend = useTeamMutation(resendInvitation, () => t("team.invitesPage.resent", { email: invitation.email }), refresh);
  const revoke = useTeamMutation(revokeInvitation, () => t("team.invitesPage.revoked", { email: invitation.email }), refresh);

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(invitation.link);
      toast.success(t("team.invitesPage.copied", { email: invitation.email }));
    } catch {
      // Clipboard refused (an insecure origin, a denied permission): the link is shown to copy by hand.
      toast.error(t("team.invitesPage.copyFailed", { link: invitation.link }));
    }
  }

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3" data-testid="pending-invitation">
      <div className="min-w-0 flex-1 basis-56">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="truncate">{invitation.email}</span>
          <Badge variant={invitation.role === "admin" ? "blue" : "outline"}>{t(`team.roles.${invitation.role as TeamRole}`)}</Badge>
          {invitation.expired && <Badge variant="amber">{t("team.invitesPage.expired")}</Badge>}
        </p>
        <p className="truncate text-sm text-muted-foreground">
          {t("team.invitesPage.sentBy", { name: invitation.inviterName || invitation.inviterEmail, date: formatDate(invitation.sentAt) })}
          {!invitation.expired && ` · ${t("team.invitesPage.expires", { date: formatDate(invitation.expiresAt) })}`}
        </p>
      </div>
      <div className="flex flex-wrap gap-1">
        <Button variant="ghost" size="sm" onClick={() => void copyLink()} aria-label={t("team.invitesPage.copyFor", { email: invitation.email })}>
          <Copy aria-hidden="true" />
          {t("team.invitesPage.copy")}
        </Button>
        <Button variant="ghost" size="sm" disabled={resend.isPending} onClick={() => resend.mutate(invitation.id)} aria-label={t("team.invitesPage.resendFor", { email: invitation.email })}>
          <RotateCw aria-hidden="true" />
          {t("team.invitesPage.resend")}
        </Button>
        {invitation.allowed.revoke && (
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive" disabled={revoke.isPending} aria-label={t("team.invitesPage.revokeFor", { email: invitation.email })}>
                <X aria-hidden="true" />
                {t("team.invitesPage.revoke")}
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogHeader>
                <AlertDialogTitle>{t("team.invitesPage.revokeTitle", { email: invitation.email })}</AlertDialogTitle>
                <AlertDialogDescription>{t("team.invitesPage.revokeDescription")}</AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel>{t("common.cancel")}</AlertDialogCancel>
                <AlertDialogAction variant="destructive" onClick={() => revoke.mutate(invitation.id)}>
                  {t("team.invitesPage.confirmRevoke")}
                </AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        )}
      </div>
    </li>
  );
}
