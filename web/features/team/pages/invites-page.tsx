// /organization/invites: invite people (a list pasted at once, as a member or, for owners and admins, as an admin),
// and the pending invitations — each link to copy, to send again, or (owners and admins) to revoke.
import { useQuery } from "@tanstack/react-query";
import { Mail } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PageFrame } from "@/web/components/page-frame";
import { EmptyState } from "@/web/components/empty-state";
import { QueryError } from "@/web/components/query-error";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Skeleton } from "@/web/components/ui/skeleton";
import { usePageTitle } from "@/web/lib/use-page-title";
import { teamInvitationsQueryOptions } from "../api/invitations";
import { InviteTeammatesForm } from "../components/invite-teammates-form";
import { PendingInvitation } from "../components/pending-invitation";

export default function InvitesPage() {
  const { t } = useTranslation();
  usePageTitle(t("team.invitesPage.title"));
  const invitations = useQuery(teamInvitationsQueryOptions());
  return (
    <PageFrame>
      <h1 className="text-2xl font-semibold tracking-tight">{t("team.invitesPage.title")}</h1>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{t("team.invitesPage.sendTitle")}</h2>
          </CardTitle>
          <CardDescription>{t("team.invitesPage.sendDescription")}</CardDescription>
        </CardHeader>
        <CardContent>
          <InviteTeammatesForm submitLabel={t("team.invite.submit")} roles={invitations.data?.invitableRoles} />
        </CardContent>
      </Card>
      <section aria-labelledby="pending-heading" className="flex flex-col gap-3">
        <h2 id="pending-heading" className="text-lg font-semibold">
          {t("team.invitesPage.pendingTitle")}
        </h2>
        {invitations.isPending ? (
          <div className="grid gap-2" aria-busy="true">
            <output className="sr-only">{t("ui.loading")}</output>
            {[0, 1].map((index) => (
              <Skeleton key={index} className="h-16 w-full" aria-hidden="true" />
            ))}
          </div>
        ) : invitations.isError ? (
          <QueryError error={invitations.error} onRetry={() => void invitations.refetch()} />
        ) : invitations.data.items.length === 0 ? (
          <EmptyState icon={Mail} title={t("team.invitesPage.noneTitle")} description={t("team.invitesPage.noneDescription")} />
        ) : (
          <ul className="divide-y rounded-lg border" data-testid="pending-invitations">
            {invitations.data.items.map((invitation) => (
              <PendingInvitation key={invitation.id} invitation={invitation} />
            ))}
          </ul>
        )}
      </section>
    </PageFrame>
  );
}
