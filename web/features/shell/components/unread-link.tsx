// The bell of the phone's top bar: a link to the notifications, with the unread count when there is one.
import { useQuery } from "@tanstack/react-query";
import { Bell } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "@/common/paths";
import { Button } from "@/web/components/ui/button";
import { unreadCountQueryOptions } from "@/web/features/notifications/api/get-unread-count";
import { cn } from "@/web/lib/cn";

export function UnreadLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  const unread = useQuery(unreadCountQueryOptions()).data?.unread ?? 0;
  // "Notifications, 3 unread": the count is in the name, the badge is for the eyes.
  const label = `${t("sidebar.notifications")}${unread > 0 ? t("sidebar.unread", { count: unread }) : ""}`;
  return (
    <Button asChild variant="ghost" size="icon" className={cn("relative size-8", className)}>
      <Link to={paths.notifications} aria-label={label} data-testid="top-bar-notifications">
        <Bell aria-hidden="true" />
        {unread > 0 && (
          <span aria-hidden="true" className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-primary px-1 text-[10px] leading-none font-medium text-primary-foreground tabular-nums">
            {unread > 99 ? "99+" : unread}
          </span>
        )}
      </Link>
    </Button>
  );
}
