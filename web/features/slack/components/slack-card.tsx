// Slack, in /organization/integrations: the team's workspace (its name, icon, who connected it and when, a failure
// Slack gave), "Add to Slack" and Disconnect for owners and admins, and for members who to ask. On a server where Slack
// is not set up, owners and admins read whom to ask (in words, never the server's settings) and members see nothing. Coming back from
// Slack's consent page, the address says how it went (?slack=…): said once, then taken off the address.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CircleAlert, Hash, Unplug } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { FormAlert } from "@/web/components/form-field";
import { IntegrationCard } from "@/web/components/integration-card";
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle, AlertDialogTrigger } from "@/web/components/ui/alert-dialog";
import { Button } from "@/web/components/ui/button";
import { useTeamMutation } from "@/web/features/team/api/use-team-mutation";
import { formatDate, formatDateTime } from "@/web/lib/date-time";
import { toast } from "@/web/lib/toast";
import { disconnectSlack, slackInstallHref, slackKeys, slackOutcomes, slackQueryOptions, type SlackConnection, type SlackOutcome } from "../api/slack";

const isOutcome = (value: string | null): value is SlackOutcome => slackOutcomes.includes(value as SlackOutcome);

/** Says once how the trip to Slack's consent page ended, then takes `?slack=` (and `?team=`) off the address. */
function useInstallOutcome() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const outcome = params.get("slack");
  useEffect(() => {
    if (!isOutcome(outcome)) return;
    if (outcome === "connected") toast.success(t("slack.outcome.connected"));
    else toast.error(t(`slack.outcome.${outcome}`));
    void queryClient.invalidateQueries({ queryKey: slackKeys.all });
    setParams(
      (current) => {
        current.delete("slack");
        current.delete("team");
        return current;
      },
      { replace: true },
    );
  }, [outcome, queryClient, setParams, t]);
}

export function SlackCard() {
  const { t } = useTranslation();
  const slack = useQuery(slackQueryOptions());
  useInstallOutcome();
  // Not set up on this server: nothing a member can do about it, so nothing is said to them (owners and admins are told whom to ask).
  if (slack.data && !slack.data.available && !slack.data.canManage) return null;
  return (
    <IntegrationCard title={t("slack.title")} description={t("slack.description")} query={slack}>
      {(data) => <SlackConnectionView connection={data} />}
    </IntegrationCard>
  );
}

function SlackConnectionView({ connection }: { connection: SlackConnection }) {
  const { t } = useTranslation();
  const { available, canManage, workspace } = connection;
  if (!available) {
    return (
      <div className="grid gap-1 text-sm text-muted-foreground">
        <p>{t("slack.notAvailable")}</p>
        <details>
          <summary className="w-fit cursor-pointer rounded-sm text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">{t("slack.notAvailableHow")}</summary>
          <p className="mt-1">{t("slack.notAvailableDetails")}</p>
        </details>
      </div>
    );
  }
  if (!workspace) {
    if (!canManage) return <p className="text-sm text-muted-foreground">{t("slack.askAnAdmin")}</p>;
    return (
      <Button asChild>
        <a href={slackInstallHref()}>
          <Hash aria-hidden="true" />
          {t("slack.add")}
        </a>
      </Button>
    );
  }
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-3">
        {workspace.iconUrl ? <img src={workspace.iconUrl} alt="" width={40} height={40} className="size-10 rounded-md" /> : <Hash className="size-10 rounded-md border p-2" aria-hidden="true" />}
        <div className="min-w-0 flex-1">
          <p className="font-medium break-words">{t("slack.connectedTo", { workspace: workspace.name })}</p>
          <p className="text-sm text-muted-foreground">{workspace.connectedBy ? t("slack.connectedBy", { name: workspace.connectedBy, date: formatDate(workspace.connectedAt) }) : t("slack.connectedOn", { date: formatDate(workspace.connectedAt) })}</p>
        </div>
        {canManage && <DisconnectButton workspace={workspace.name} />}
      </div>
      {workspace.failure && (
        <FormAlert>
          <span className="inline-flex items-start gap-2">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              {t("slack.failing", { when: workspace.failure.at ? formatDateTime(workspace.failure.at) : "" })} <code className="break-all">{workspace.failure.error}</code>
            </span>
          </span>
        </FormAlert>
      )}
    </div>
  );
}

function DisconnectButton({ workspace }: { workspace: string }) {
  const { t } = useTranslation();
  const disconnect = useTeamMutation(disconnectSlack, () => t("slack.disconnected", { workspace }), { refresh: [slackKeys.all] });
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" disabled={disconnect.isPending}>
          <Unplug aria-hidden="true" />
          {t("slack.disconnect")}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t("slack.disconnectTitle", { workspace })}</AlertDialogTitle>
          <AlertDialogDescription>{t("slack.disconnectDescription")}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("common.cancel")}</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={() => disconnect.mutate(undefined)}>
            {t("slack.confirmDisconnect")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
