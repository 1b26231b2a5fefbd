import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "@/web/lib/api-client";
import { notificationKeys } from "./notification-keys";

export const unreadCountQueryOptions = () => queryOptions({ queryKey: notificationKeys.unreadCount(), queryFn: () => unwrap(api.notifications["unread-count"].$get()) });
