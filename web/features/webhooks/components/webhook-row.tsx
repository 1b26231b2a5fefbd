// One webhook of the team: where it goes, what it sends, how it is doing (working, failing since when, turned off and
// why); for owners and admins its actions and its delivery log.
import { ChevronDown, ChevronUp, KeyRound, Pencil, Power, PowerOff, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmedAction } from "@/web/components/confirmed-action";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { useTeamMutation } from "@/web/features/team/api/use-team-mutation";
import { formatDateTime } from "@/web/lib/date-time";
import { changeWebhook, deleteWebhook, rotateWebhookSecret, webhookKeys, type TeamWebhook } from "../api/webhooks";
import { DeliveryLog } from "./delivery-log";
import { WebhookFormDialog } from "./webhook-form-dialog";

const refresh = { refresh: [webhookKeys.all] };

export function WebhookHealth({ webhook }: { webhook: TeamWebhook }) {
  const { t } = useTranslation();
  const { health } = webhook;
  if (health.state === "disabled") {
    return <Badge variant="gray">{webhook.disabledReason === "failing" && webhook.disabledAt ? t("webhooks.health.disabledFailing", { when: formatDateTime(webhook.disabledAt) }) : t("webhooks.health.disabled")}</Badge>;
  }
  if (health.state === "failing") return <Badge variant="red">{t("webhooks.health.failing", { when: formatDateTime(health.failingSince ?? health.lastAttemptAt ?? webhook.createdAt) })}</Badge>;
  if (health.state === "ok") return <Badge variant="green">{t("webhooks.health.ok", { when: formatDateTime(health.lastSuccessAt ?? webhook.createdAt) })}</Badge>;
  return <Badge variant="outline">{t("webhooks.health.new")}</Badge>;
}

export function WebhookRow({ webhook, canManage, allowsPrivate, onSecret }: { webhook: TeamWebhook; canManage: boolean; allowsPrivate: boolean; onSecret: (secret: string) => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const host = webhook.host;
  const toggle = useTeamMutation(changeWebhook, (input) => t(input.changes.enabled ? "webhooks.turnedOn" : "webhooks.turnedOff"), refresh);
  const remove = useTeamMutation(deleteWebhook, () => t("webhooks.deleted"), refresh);
  const rotate = useTeamMutation(rotateWebhookSecret, () => t("webhooks.rotated"), { ...refresh, then: async (output) => onSecret(output.secret) });
  const logId = `webhook-log-${webhook.id}`;
  return (
    <li className="grid gap-3 p-3" data-testid="webhook">
      <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1 basis-64">
          <p className="font-medium break-all">{webhook.url ?? host}</p>
          {webhook.description && <p className="text-sm break-words text-muted-foreground">{webhook.description}</p>}
          <p className="mt-1 flex flex-wrap gap-1" aria-label={t("webhooks.eventsLegend")}>
            {webhook.events.map((type) => (
              <Badge key={type} variant="secondary">
                {type}
              </Badge>
            ))}
          </p>
        </div>
        <WebhookHealth webhook={webhook} />
      </div>
      {canManage && (
        <div className="flex flex-wrap gap-1">
          <Button variant="ghost" size="sm" aria-expanded={showLog} aria-controls={logId} onClick={() => setShowLog(!showLog)}>
            {showLog ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
            {t(showLog ? "webhooks.log.hide" : "webhooks.log.show")}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setEditing(true)} aria-label={t("webhooks.editFor", { host })}>
            <Pencil aria-hidden="true" />
            {t("webhooks.edit")}
          </Button>
          <Button variant="ghost" size="sm" disabled={toggle.isPending} onClick={() => toggle.mutate({ id: webhook.id, changes: { enabled: !webhook.enabled } })} aria-label={t(webhook.enabled ? "webhooks.turnOffFor" : "webhooks.turnOnFor", { host })}>
            {webhook.enabled ? <PowerOff aria-hidden="true" /> : <Power aria-hidden="true" />}
            {t(webhook.enabled ? "webhooks.turnOff" : "webhooks.turnOn")}
          </Button>
          <ConfirmedAction
            trigger={
              <Button variant="ghost" size="sm" disabled={rotate.isPending} aria-label={t("webhooks.rotateFor", { host })}>
                <KeyRound aria-hidden="true" />
                {t("webhooks.rotate")}
              </Button>
            }
            title={t("webhooks.rotateTitle")}
            description={t("webhooks.rotateDescription")}
            confirm={t("webhooks.confirmRotate")}
            onConfirm={() => rotate.mutate(webhook.id)}
          />
          <ConfirmedAction
            destructive
            trigger={
              <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive" disabled={remove.isPending} aria-label={t("webhooks.deleteFor", { host })}>
                <Trash2 aria-hidden="true" />
                {t("webhooks.delete")}
              </Button>
            }
            title={t("webhooks.deleteTitle", { host })}
            description={t("webhooks.deleteDescription")}
            confirm={t("webhooks.confirmDelete")}
            onConfirm={() => remove.mutate(webhook.id)}
          />
          <WebhookFormDialog open={editing} onOpenChange={setEditing} allowsPrivate={allowsPrivate} webhook={webhook} />
        </div>
      )}
      {canManage && showLog && (
        <div id={logId}>
          <DeliveryLog webhook={webhook} />
        </div>
      )}
    </li>
  );
}
