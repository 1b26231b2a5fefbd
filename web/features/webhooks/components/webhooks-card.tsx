// Outgoing webhooks, in /organization/integrations: the team's endpoints with their events and health, and for owners
// and admins Add, Edit, Turn off/on, Rotate secret, Delete and each endpoint's delivery log. Members see the endpoints'
// hosts and health, read-only. "Add webhook" is offered only when the server would take one more (the Free plan's two
// integrations, the cap of endpoints): otherwise the card says why.
import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "@/common/paths";
import { IntegrationCard } from "@/web/components/integration-card";
import { Button } from "@/web/components/ui/button";
import { webhooksQueryOptions, type TeamWebhooks } from "../api/webhooks";
import { SecretDialog } from "./secret-dialog";
import { WebhookFormDialog } from "./webhook-form-dialog";
import { WebhookRow } from "./webhook-row";

export function WebhooksCard() {
  const { t } = useTranslation();
  const webhooks = useQuery(webhooksQueryOptions());
  return (
    <IntegrationCard title={t("webhooks.title")} description={t("webhooks.description")} query={webhooks}>
      {(data) => <TeamWebhooksView webhooks={data} />}
    </IntegrationCard>
  );
}

function TeamWebhooksView({ webhooks }: { webhooks: TeamWebhooks }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const { canManage, endpoints, room } = webhooks;
  return (
    <div className="grid gap-4">
      {endpoints.length > 0 ? (
        <ul className="grid divide-y rounded-md border" aria-label={t("webhooks.listLabel")}>
          {endpoints.map((webhook) => (
            <WebhookRow key={webhook.id} webhook={webhook} canManage={canManage} allowsPrivate={webhooks.allowsPrivate} onSecret={setSecret} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{t("webhooks.none")}</p>
      )}
      {!canManage ? (
        <p className="text-sm text-muted-foreground">{t("webhooks.readOnly")}</p>
      ) : room === "available" ? (
        <div>
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            {t("webhooks.add")}
          </Button>
        </div>
      ) : room === "plan_limit" ? (
        <p className="text-sm text-muted-foreground">
          {t("webhooks.planLimit")}{" "}
          <Link to={paths.organizationBilling} className="font-medium text-foreground underline underline-offset-4">
            {t("webhooks.upgrade")}
          </Link>
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">{t("webhooks.endpointLimit", { count: webhooks.maxEndpoints })}</p>
      )}
      {canManage && <WebhookFormDialog open={adding} onOpenChange={setAdding} allowsPrivate={webhooks.allowsPrivate} onSecret={setSecret} />}
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
    </div>
  );
}
