// A webhook's delivery log: each attempt, newest first — the event, what the endpoint answered (status, time taken,
// the first kilobyte) or why nothing was, which attempt, when, and when the next try is due — with Redeliver.
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { RotateCw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { QueryError } from "@/web/components/query-error";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Skeleton } from "@/web/components/ui/skeleton";
import { formatDateTime } from "@/web/lib/date-time";
import { toast } from "@/web/lib/toast";
import { deliveriesQueryOptions, redeliver, webhookKeys, type DeliveryAttempt, type TeamWebhook } from "../api/webhooks";

export function DeliveryLog({ webhook }: { webhook: TeamWebhook }) {
  const { t } = useTranslation();
  const log = useInfiniteQuery(deliveriesQueryOptions(webhook.id));
  const attempts = log.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-label={t("webhooks.log.title", { host: webhook.host })} className="grid gap-2 border-t pt-3">
      <div className="flex items-center justify-between gap-2">
        <h4 className="text-sm font-semibold">{t("webhooks.log.heading")}</h4>
        <Button variant="ghost" size="sm" disabled={log.isFetching} onClick={() => void log.refetch()}>
          <RotateCw aria-hidden="true" />
          {t("webhooks.log.refresh")}
        </Button>
      </div>
      {log.isPending ? (
        <Skeleton className="h-16 w-full" aria-hidden="true" />
      ) : log.isError ? (
        <QueryError error={log.error} onRetry={() => void log.refetch()} />
      ) : attempts.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("webhooks.log.empty")}</p>
      ) : (
        <ul className="grid gap-2" data-testid="delivery-log">
          {attempts.map((attempt) => (
            <AttemptRow key={attempt.id} webhook={webhook} attempt={attempt} />
          ))}
        </ul>
      )}
      {log.hasNextPage && (
        <div>
          <Button variant="outline" size="sm" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
            {t("webhooks.log.more")}
          </Button>
        </div>
      )}
    </section>
  );
}

function AttemptRow({ webhook, attempt }: { webhook: TeamWebhook; attempt: DeliveryAttempt }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const again = useMutation({
    mutationFn: redeliver,
    onSuccess: async () => {
      toast.success(t("webhooks.log.redelivered"));
      await queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(webhook.id) });
    },
    onError: (error) => toast.error(error.message),
  });
  return (
    <li className="grid gap-1 rounded-md border px-3 py-2 text-sm" data-testid="delivery-attempt">
      <div className="flex flex-wrap items-center gap-2">
        <code className="font-medium">{attempt.event}</code>
        <Badge variant={attempt.ok ? "green" : "red"}>{attempt.statusCode === null ? t("webhooks.log.noAnswer") : String(attempt.statusCode)}</Badge>
        {attempt.durationMs !== null && <span className="text-muted-foreground">{t("webhooks.log.duration", { count: attempt.durationMs })}</span>}
        <span className="text-muted-foreground">
          {t("webhooks.log.attempt", { count: attempt.attempt })}
          {attempt.manual && ` · ${t("webhooks.log.manual")}`}
        </span>
        <time className="text-muted-foreground" dateTime={attempt.at}>
          {formatDateTime(attempt.at)}
        </time>
        {webhook.enabled && (
          <Button variant="ghost" size="sm" className="ml-auto" disabled={again.isPending} onClick={() => again.mutate({ webhookId: webhook.id, deliveryId: attempt.deliveryId })} aria-label={t("webhooks.log.redeliverFor", { event: attempt.event, when: formatDateTime(attempt.at) })}>
            <RotateCw aria-hidden="true" />
            {t("webhooks.log.redeliver")}
          </Button>
        )}
      </div>
      {attempt.error && <p className="break-words text-destructive">{attempt.error}</p>}
      {attempt.nextAttemptAt && <p className="text-muted-foreground">{t("webhooks.log.nextAt", { when: formatDateTime(attempt.nextAttemptAt) })}</p>}
      {attempt.responseExcerpt && (
        <details>
          <summary className="cursor-pointer text-muted-foreground">{t("webhooks.log.response")}</summary>
          <pre className="mt-1 max-h-48 overflow-auto rounded bg-muted p-2 text-xs break-all whitespace-pre-wrap">{attempt.responseExcerpt}</pre>
        </details>
      )}
      <p className="text-xs break-all text-muted-foreground">{attempt.deliveryId}</p>
    </li>
  );
}
