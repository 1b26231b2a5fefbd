// One member on /organization/access: who they are, their role (a choice where the viewer may change it), what
// waits on them here, whether they are away, and the viewer's actions on them (each confirmed).
import { MoreHorizontal } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "@/common/paths";
import { PersonAvatar } from "@/web/components/person-avatar";
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle } from "@/web/components/ui/alert-dialog";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/web/components/ui/dropdown-menu";
import { NativeSelect } from "@/web/components/ui/native-select";
import { formatDate, formatTimeIn } from "@/web/lib/date-time";
import { useNow } from "@/web/lib/use-now";
import { bareName } from "@/web/lib/person-name";
import { changeRole, removeMember, transferOwnership, type TeamMember, type TeamRole } from "../api/members";
import { useTeamMutation } from "../api/use-team-mutation";
import { AwayBadge } from "@/web/components/away-badge";

type Confirming = "remove" | "transfer" | null;

export function MemberRow({ member }: { member: TeamMember }) {
  const { t } = useTranslation();
  const roleId = useId();
  const name = bareName({ id: member.profileId, fullName: member.fullName, email: member.email, avatarUrl: member.avatarUrl }, t);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const roleChange = useTeamMutation(changeRole, ({ role }) => t("team.access.roleChanged", { name, role: t(`team.roles.${role}`) }));
  const removal = useTeamMutation(removeMember, () => t("team.access.removed", { name }));
  const transfer = useTeamMutation(transferOwnership, () => t("team.access.transferred", { name }));
  const hasActions = member.allowed.remove || member.allowed.transferOwnership;
  const now = useNow();

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3" data-testid="member-row">
      <PersonAvatar person={{ id: member.profileId, fullName: member.fullName, email: member.email, avatarUrl: member.avatarUrl }} className="size-9 text-xs" />
      <div className="min-w-0 flex-1 basis-48">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <Link to={paths.user(member.profileId)} className="truncate hover:underline">
            {name}
          </Link>
          {member.isViewer && <span className="text-sm font-normal text-muted-foreground">{t("team.access.you")}</span>}
          {member.away && (
            // Not "Away", which is for someone who said so (away-until): only their hours, and their clock now.
            <span className="inline-flex items-center gap-1.5 text-xs font-normal text-muted-foreground" title={t("team.access.awayHint")}>
              <span aria-hidden="true" className="size-1.5 rounded-full bg-muted-foreground/50" />
              {t("team.access.outsideHours", { time: formatTimeIn(now, member.timezone) })}
            </span>
          )}
          <AwayBadge awayUntil={member.awayUntil} />
        </p>
        <p className="truncate text-sm text-muted-foreground">{member.email}</p>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 text-sm sm:w-64">
        <div>
          <dt className="text-xs text-muted-foreground">{t("team.access.waitingLabel")}</dt>
          <dd className="tabular-nums">{member.waitingOnThem}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t("team.access.joinedLabel")}</dt>
          <dd>{formatDate(member.joinedAt)}</dd>
        </div>
      </dl>
      <div className="flex w-40 items-center gap-1">
        {member.allowed.roles.length > 0 ? (
          <>
            <label htmlFor={roleId} className="sr-only">
              {t("team.access.roleOf", { name })}
            </label>
            <NativeSelect id={roleId} value={member.role} disabled={roleChange.isPending} onChange={(event) => roleChange.mutate({ memberId: member.memberId, role: event.target.value as TeamRole })}>
              {member.allowed.roles.map((role) => (
                <option key={role} value={role}>
                  {t(`team.roles.${role}`)}
                </option>
              ))}
            </NativeSelect>
          </>
        ) : (
          <Badge variant={member.role === "member" ? "outline" : "blue"}>{t(`team.roles.${member.role as TeamRole}`)}</Badge>
        )}
        {hasActions && (
          <DropdownMenu modal={false}>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon" className="ml-auto size-8" aria-label={t("team.access.actionsFor", { name })}>
                <MoreHorizontal aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              {member.allowed.transferOwnership && member.role !== "owner" && <DropdownMenuItem onSelect={() => setConfirming("transfer")}>{t("team.access.transfer")}</DropdownMenuItem>}
              {member.allowed.remove && (
                <DropdownMenuItem variant="destructive" onSelect={() => setConfirming("remove")}>
                  {t("team.access.remove")}
                </DropdownMenuItem>
              )}
            </DropdownMenuContent>
          </DropdownMenu>
        )}
      </div>
      <AlertDialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{confirming === "transfer" ? t("team.access.transferTitle", { name }) : t("team.access.removeTitle", { name })}</AlertDialogTitle>
            <AlertDialogDescription>{confirming === "transfer" ? t("team.access.transferDescription", { name }) : t("team.access.removeDescription", { name })}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("common.cancel")}</AlertDialogCancel>
            <AlertDialogAction
              variant={confirming === "remove" ? "destructive" : "default"}
              onClick={() => (confirming === "transfer" ? transfer.mutate(member.memberId) : removal.mutate(member.memberId))}
            >
              {confirming === "transfer" ? t("team.access.confirmTransfer") : t("team.access.confirmRemove")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </li>
  );
}
