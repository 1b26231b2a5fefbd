// For owners and admins, under the schedule: whether the team's e-mails get out. A message that failed every retry
// (about an hour of them) is listed with the error and the time, so someone can fix the mail server.
import { useQuery } from "@tanstack/react-query";
import { CircleAlert, CircleCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { QueryError } from "@/web/components/query-error";
import { formatDateTime } from "@/web/lib/date-time";
import { deliveriesQueryOptions } from "../api/schedule";

export function DeliveryHealth() {
  const { t } = useTranslation();
  const health = useQuery(deliveriesQueryOptions());
  if (health.isPending) return null;
  if (health.isError) return <QueryError error={health.error} onRetry={() => void health.refetch()} />;
  const { failed, sentThisWeek, late } = health.data;
  return (
    <section aria-labelledby="delivery-health" className="grid gap-2 border-t pt-4">
      <h3 id="delivery-health" className="text-sm font-semibold">
        {t("reminders.delivery.title")}
      </h3>
      {failed.length === 0 && late === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <CircleCheck className="size-4 text-green-700 dark:text-green-400" aria-hidden="true" />
          {t("reminders.delivery.ok", { count: sentThisWeek })}
        </p>
      ) : (
        <>
          <p className="flex items-center gap-2 text-sm font-medium text-destructive">
            <CircleAlert className="size-4" aria-hidden="true" />
            {failed.length > 0 ? t("reminders.delivery.failing", { count: failed.length }) : t("reminders.delivery.late", { count: late })}
          </p>
          {failed.length > 0 && (
            <ul className="grid gap-2 text-sm" data-testid="failed-deliveries">
              {failed.map((delivery) => (
                <li key={delivery.id} className="rounded-md border px-3 py-2">
                  <p className="break-words">
                    {t("reminders.delivery.to", { name: delivery.recipient.fullName || delivery.recipient.email, email: delivery.recipient.email })}
                    {delivery.blockerTitle && <span className="text-muted-foreground"> — “{delivery.blockerTitle}”</span>}
                  </p>
                  <p className="text-xs break-words text-muted-foreground">
                    {delivery.at ? formatDateTime(delivery.at) : ""} · {t("reminders.delivery.attempts", { count: delivery.attempts })} · <code>{delivery.error}</code>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
