import { useQuery } from "@tanstack/react-query";
import { Bell, CheckCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PageFrame } from "@/web/components/page-frame";
import { EmptyState } from "@/web/components/empty-state";
import { QueryError } from "@/web/components/query-error";
import { Button } from "@/web/components/ui/button";
import { Skeleton } from "@/web/components/ui/skeleton";
import { useNow } from "@/web/lib/use-now";
import { usePageTitle } from "@/web/lib/use-page-title";
import { notificationsQueryOptions } from "../api/list-notifications";
import { markAllNotificationsRead, markNotificationRead } from "../api/mark-read";
import { useMarkRead } from "../api/use-mark-read";
import { NotificationItem } from "../components/notification-item";

/** The unread ones among what the list holds. */
const unreadOf = (notifications: { readAt: string | null }[] | undefined) => notifications?.filter((notification) => notification.readAt === null).length ?? 0;

/** The top bar's action, once there is anything to mark: Mark all read. */
export function PageAction() {
  const { t } = useTranslation();
  const notifications = useQuery(notificationsQueryOptions());
  const markAll = useMarkRead(markAllNotificationsRead, t("notifications.allMarked"));
  if (!notifications.data?.length) return null;
  return (
    <Button variant="outline" size="sm" disabled={unreadOf(notifications.data) === 0 || markAll.isPending} onClick={() => markAll.mutate(undefined)}>
      <CheckCheck aria-hidden="true" />
      {t("notifications.markAllRead")}
    </Button>
  );
}

export default function NotificationsPage() {
  const { t } = useTranslation();
  usePageTitle(t("notifications.title"));
  const now = useNow();
  const notifications = useQuery(notificationsQueryOptions());
  const markOne = useMarkRead(markNotificationRead);
  const unreadCount = unreadOf(notifications.data);
  const hasAny = (notifications.data?.length ?? 0) > 0;

  return (
    <PageFrame>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{t("notifications.title")}</h1>
        <p className="text-muted-foreground" aria-live="polite">
          {hasAny && t("notifications.unreadCount", { count: unreadCount })}
        </p>
      </div>
      {notifications.isPending ? (
        <div className="grid gap-2" aria-busy="true">
          <output className="sr-only">{t("ui.loading")}</output>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-16 w-full" aria-hidden="true" />
          ))}
        </div>
      ) : notifications.isError ? (
        <QueryError error={notifications.error} onRetry={() => void notifications.refetch()} />
      ) : notifications.data.length === 0 ? (
        <EmptyState icon={Bell} title={t("notifications.emptyTitle")} description={t("notifications.emptyDescription")} />
      ) : (
        <ul className="grid gap-2" aria-label={t("notifications.title")} data-testid="notifications-list">
          {notifications.data.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} now={now} onRead={(id) => markOne.mutate(id)} markingRead={markOne.isPending} />
          ))}
        </ul>
      )}
    </PageFrame>
  );
}
