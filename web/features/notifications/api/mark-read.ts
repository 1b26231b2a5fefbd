import { api, unwrap } from "@/web/lib/api-client";

export const markNotificationRead = (id: string) => unwrap(api.notifications[":id"].read.$post({ param: { id } }));
export const markAllNotificationsRead = () => unwrap(api.notifications["read-all"].$post({ query: {} }));
/** Those about one blocker: opening it reads them. */
export const markBlockerNotificationsRead = (blockerId: string) => unwrap(api.notifications["read-all"].$post({ query: { blockerId } }));
