// /invites: the invitations this person has received, from any team — joining one switches this tab to it;
// declining one tells nobody but removes it from the team's pending list.
import { useQuery } from "@tanstack/react-query";
import { Inbox } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageFrame } from "@/web/components/page-frame";
import { rememberInvitationToken } from "@/web/features/onboarding/invitation-token";
import { EmptyState } from "@/web/components/empty-state";
import { QueryError } from "@/web/components/query-error";
import { Button } from "@/web/components/ui/button";
import { Skeleton } from "@/web/components/ui/skeleton";
import { formatDate } from "@/web/lib/date-time";
import { usePageTitle } from "@/web/lib/use-page-title";
import { acceptInvitation, declineInvitation, receivedInvitationsKeys, receivedInvitationsQueryOptions, type ReceivedInvitation } from "../api/invitations";
import { teamsKeys } from "../api/team";
import { useTeamMutation } from "../api/use-team-mutation";
import { useSwitchTeam } from "../use-switch-team";

export default function ReceivedInvitationsPage() {
  const { t } = useTranslation();
  usePageTitle(t("team.received.title"));
  // An invitation link followed while signed in arrives here with its token (see the onboarding page).
  const [searchParams] = useSearchParams();
  const linkToken = searchParams.get("invite");
  useEffect(() => rememberInvitationToken(linkToken), [linkToken]);
  const invitations = useQuery(receivedInvitationsQueryOptions(linkToken ?? undefined));
  return (
    <PageFrame>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{t("team.received.title")}</h1>
        <p className="text-muted-foreground">{t("team.received.description")}</p>
      </div>
      {invitations.isPending ? (
        <div className="grid gap-2" aria-busy="true">
          <output className="sr-only">{t("ui.loading")}</output>
          <Skeleton className="h-16 w-full" aria-hidden="true" />
        </div>
      ) : invitations.isError ? (
        <QueryError error={invitations.error} onRetry={() => void invitations.refetch()} />
      ) : invitations.data.length === 0 ? (
        <EmptyState icon={Inbox} title={t("team.received.noneTitle")} description={t("team.received.noneDescription")} />
      ) : (
        <ul className="divide-y rounded-lg border" data-testid="received-invitations">
          {invitations.data.map((invitation) => (
            <ReceivedInvitationRow key={invitation.id} invitation={invitation} />
          ))}
        </ul>
      )}
    </PageFrame>
  );
}

function ReceivedInvitationRow({ invitation }: { invitation: ReceivedInvitation }) {
  const { t } = useTranslation();
  const switchTeam = useSwitchTeam();
  const refresh = [receivedInvitationsKeys.all, teamsKeys.all];
  const join = useTeamMutation(acceptInvitation, () => t("onboarding.joined", { team: invitation.teamName }), { refresh, then: async (team) => (team ? switchTeam(team.id) : undefined) });
  const decline = useTeamMutation(declineInvitation, () => t("team.received.declined", { team: invitation.teamName }), { refresh });
  const busy = join.isPending || decline.isPending;
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3" data-testid="received-invitation">
      <div className="min-w-0 flex-1 basis-56">
        <p className="truncate font-medium">{invitation.teamName}</p>
        <p className="truncate text-sm text-muted-foreground">
          {t("onboarding.team.invitedBy", { name: invitation.inviterName || invitation.inviterEmail })} · {t("team.invitesPage.expires", { date: formatDate(invitation.expiresAt) })}
        </p>
      </div>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={busy} onClick={() => decline.mutate(invitation.id)} aria-label={t("team.received.declineFor", { team: invitation.teamName })}>
          {t("team.received.decline")}
        </Button>
        <Button size="sm" disabled={busy} onClick={() => join.mutate(invitation.id)} aria-label={t("team.received.joinFor", { team: invitation.teamName })}>
          {t("onboarding.team.join")}
        </Button>
      </div>
    </li>
  );
}
