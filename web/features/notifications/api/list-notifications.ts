import { queryOptions } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { api, unwrap } from "@/web/lib/api-client";
import { notificationKeys } from "./notification-keys";

export type Notification = InferResponseType<typeof api.notifications.$get, 200>[number];

export const notificationsQueryOptions = () => queryOptions({ queryKey: notificationKeys.list(), queryFn: () => unwrap(api.notifications.$get()) });
