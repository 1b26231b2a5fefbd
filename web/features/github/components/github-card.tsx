// GitHub, in /organization/integrations: the team's connection — its payload URL (owners and admins), the repositories
// whose deliveries arrived with the last one's time and health, a delivery with a bad signature, the last `/holdup`
// comment that logged nothing — and Connect, Rotate secret and Disconnect for owners and admins. "Connect" is offered
// only when the server would take it (the Free plan's two integrations): otherwise the card says why.
import { useQuery } from "@tanstack/react-query";
import { CircleAlert, GitPullRequest, KeyRound, Unplug } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "@/common/paths";
import { FormAlert } from "@/web/components/form-field";
import { IntegrationCard } from "@/web/components/integration-card";
import { ConfirmedAction } from "@/web/components/confirmed-action";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { useTeamMutation } from "@/web/features/team/api/use-team-mutation";
import { formatDate, formatDateTime } from "@/web/lib/date-time";
import { connectGithub, disconnectGithub, githubKeys, githubQueryOptions, rotateGithubSecret, type GithubConnection, type GithubRepository, type GithubSummary } from "../api/github";
import { GithubSecretDialog, GithubSetupSteps, type ShownSecret } from "./github-secret-dialog";

const refresh = { refresh: [githubKeys.all] };

export function GithubCard() {
  const { t } = useTranslation();
  const github = useQuery(githubQueryOptions());
  return (
    <IntegrationCard title={t("github.title")} description={t("github.description")} query={github}>
      {(data) => <GithubView summary={data} />}
    </IntegrationCard>
  );
}

function GithubView({ summary }: { summary: GithubSummary }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const show = (output: { connection: { webhookUrl: string | null }; secret: string }) => setShown({ webhookUrl: output.connection.webhookUrl ?? "", secret: output.secret });
  const connect = useTeamMutation(connectGithub, () => t("github.connected"), { ...refresh, then: async (output) => show(output) });
  const { canManage, connection, room } = summary;
  return (
    <div className="grid gap-4">
      {connection ? (
        <ConnectionView connection={connection} canManage={canManage} onSecret={show} />
      ) : !canManage ? (
        <p className="text-sm text-muted-foreground">{t("github.askAnAdmin")}</p>
      ) : room === "plan_limit" ? (
        <p className="text-sm text-muted-foreground">
          {t("github.planLimit")}{" "}
          <Link to={paths.organizationBilling} className="font-medium text-foreground underline underline-offset-4">
            {t("github.upgrade")}
          </Link>
        </p>
      ) : (
        <div>
          <Button disabled={connect.isPending} onClick={() => connect.mutate(undefined)}>
            <GitPullRequest aria-hidden="true" />
            {t("github.connect")}
          </Button>
        </div>
      )}
      <GithubSecretDialog shown={shown} onClose={() => setShown(null)} />
    </div>
  );
}

function ConnectionView({ connection, canManage, onSecret }: { connection: GithubConnection; canManage: boolean; onSecret: (output: { connection: { webhookUrl: string | null }; secret: string }) => void }) {
  const { t } = useTranslation();
  const rotate = useTeamMutation(rotateGithubSecret, () => t("github.rotated"), { ...refresh, then: async (output) => onSecret(output) });
  const disconnect = useTeamMutation(disconnectGithub, () => t("github.disconnected"), refresh);
  const lastGood = connection.lastDeliveryAt ? new Date(connection.lastDeliveryAt).getTime() : 0;
  const badSignature = connection.lastBadSignatureAt && new Date(connection.lastBadSignatureAt).getTime() > lastGood ? connection.lastBadSignatureAt : null;
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        {connection.connectedBy ? t("github.connectedBy", { name: connection.connectedBy, date: formatDate(connection.connectedAt) }) : t("github.connectedOn", { date: formatDate(connection.connectedAt) })}
      </p>
      {connection.webhookUrl && (
        <div className="grid gap-1 text-sm">
          <span className="font-medium">{t("github.payloadUrl")}</span>
          <code className="rounded-md border bg-muted px-2 py-1 text-xs break-all" data-testid="github-webhook-url">
            {connection.webhookUrl}
          </code>
        </div>
      )}
      {badSignature && (
        <FormAlert>
          <span className="inline-flex items-start gap-2">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{t("github.badSignature", { when: formatDateTime(badSignature) })}</span>
          </span>
        </FormAlert>
      )}
      {connection.repositories.length > 0 ? (
        <ul className="grid divide-y rounded-md border" aria-label={t("github.repositories")}>
          {connection.repositories.map((repository) => (
            <RepositoryRow key={repository.fullName} repository={repository} />
          ))}
        </ul>
      ) : (
        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground">{t("github.noDeliveries")}</p>
          {canManage && <GithubSetupSteps />}
        </div>
      )}
      {connection.lastSkipped && (
        <p className="text-sm break-words text-muted-foreground" data-testid="github-last-skipped">
          {t("github.lastSkipped", { when: formatDateTime(connection.lastSkipped.at), reason: connection.lastSkipped.reason })}
        </p>
      )}
      {canManage && (
        <div className="flex flex-wrap gap-2">
          <ConfirmedAction
            trigger={
              <Button variant="outline" disabled={rotate.isPending}>
                <KeyRound aria-hidden="true" />
                {t("github.rotate")}
              </Button>
            }
            title={t("github.rotateTitle")}
            description={t("github.rotateDescription")}
            confirm={t("github.confirmRotate")}
            onConfirm={() => rotate.mutate(undefined)}
          />
          <ConfirmedAction
            destructive
            trigger={
              <Button variant="outline" disabled={disconnect.isPending}>
                <Unplug aria-hidden="true" />
                {t("github.disconnect")}
              </Button>
            }
            title={t("github.disconnectTitle")}
            description={t("github.disconnectDescription")}
            confirm={t("github.confirmDisconnect")}
            onConfirm={() => disconnect.mutate(undefined)}
          />
        </div>
      )}
    </div>
  );
}

function RepositoryRow({ repository }: { repository: GithubRepository }) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 p-3" data-testid="github-repository">
      <div className="min-w-0 flex-1 basis-48">
        <p className="font-medium break-all">{repository.fullName}</p>
        <p className="text-sm text-muted-foreground">{t("github.lastDelivery", { when: formatDateTime(repository.lastDeliveryAt), event: repository.lastEvent })}</p>
      </div>
      {repository.health === "ok" ? (
        <Badge variant="green">{t("github.health.ok")}</Badge>
      ) : (
        <Badge variant="red">{t("github.health.badSignature", { when: formatDateTime(repository.lastBadSignatureAt ?? repository.lastDeliveryAt) })}</Badge>
      )}
    </li>
  );
}
