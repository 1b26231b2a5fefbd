// One notification: a sentence saying what happened ("Dana nudged you about …"), linking to the blocker.
import { Check } from "lucide-react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "@/common/paths";
import { PersonAvatar } from "@/web/components/person-avatar";
import { Button } from "@/web/components/ui/button";
import { cn } from "@/web/lib/cn";
import { formatFullDateTime } from "@/web/lib/date-time";
import { bareName, personName } from "@/web/lib/person-name";
import { formatAgo } from "@/web/lib/relative-time";
import type { Notification } from "../api/list-notifications";

const textIn = (payload: Notification["payload"], key: string): string | undefined => {
  const value: unknown = payload[key];
  return typeof value === "string" ? value : undefined;
};

function sentenceKey(notification: Notification): string {
  if (notification.type === "resolved" && notification.payload.automatic === true) return "notifications.types.resolvedAutomatically";
  if (notification.type === "nudged" && notification.payload.automatic === true) return "notifications.types.autoNudged";
  return `notifications.types.${notification.type}`;
}

type Props = { notification: Notification; now: Date; onRead: (id: string) => void; markingRead: boolean };

export function NotificationItem({ notification, now, onRead, markingRead }: Props) {
  const { t } = useTranslation();
  const unread = notification.readAt === null;
  // "is no longer in the team" says it already: the name alone.
  const actor = notification.type === "person_left" ? bareName(notification.actor, t) : personName(notification.actor, t);
  const values = { actor, title: notification.blockerTitle ?? t("notifications.deletedBlocker") };
  const excerpt = notification.type === "commented" ? textIn(notification.payload, "body") : notification.type === "declined" ? textIn(notification.payload, "reason") : undefined;
  const sentence = <Trans i18nKey={sentenceKey(notification)} values={values} components={{ strong: <strong className="font-medium" /> }} />;
  const body = (
    <>
      <span className="relative shrink-0">
        {notification.actor ? <PersonAvatar person={notification.actor} className="size-8" /> : <span className="block size-8 rounded-full bg-muted" />}
        {unread && <span className="absolute -top-0.5 -right-0.5 size-2.5 rounded-full bg-primary ring-2 ring-background" aria-hidden="true" />}
      </span>
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className={cn("text-sm break-words", unread ? "text-foreground" : "text-muted-foreground")}>
          {unread && <span className="sr-only">{t("notifications.unread")}: </span>}
          {sentence}
        </span>
        {excerpt && <span className="line-clamp-2 text-sm break-words text-muted-foreground">“{excerpt}”</span>}
        <time dateTime={notification.createdAt} title={formatFullDateTime(notification.createdAt)} className="text-xs text-muted-foreground">
          {formatAgo(now.getTime() - new Date(notification.createdAt).getTime(), t)}
        </time>
      </span>
    </>
  );
  const rowClasses = "flex min-w-0 flex-1 items-start gap-3 rounded-md p-3 text-left";
  return (
    <li data-testid="notification" data-unread={unread} className={cn("flex items-start gap-1 rounded-lg border", unread ? "bg-accent/50" : "bg-card")}>
      {notification.blockerId ? (
        <Link
          to={paths.blocker(notification.blockerId)}
          onClick={() => unread && onRead(notification.id)}
          className={cn(rowClasses, "hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none")}
        >
          {body}
        </Link>
      ) : (
        <div className={rowClasses}>{body}</div>
      )}
      {unread && (
        <Button size="icon" variant="ghost" className="m-2 size-8 shrink-0" disabled={markingRead} onClick={() => onRead(notification.id)} aria-label={t("notifications.markRead")}>
          <Check aria-hidden="true" />
        </Button>
      )}
    </li>
  );
}
