import { queryOptions } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import type { ReminderSchedule } from "@/common/reminders";
import { teamKeys } from "@/web/features/team/api/team";
import { api, unwrap } from "@/web/lib/api-client";

/** Under the team's key: switching teams reads it again, and so does a `team` event (someone changed it). */
export const scheduleKeys = { all: [...teamKeys.all, "reminder-schedule"] as const };
export type TeamSchedule = InferResponseType<typeof api.reminders.schedule.$get, 200>;

export const scheduleQueryOptions = () => queryOptions({ queryKey: scheduleKeys.all, queryFn: () => unwrap(api.reminders.schedule.$get()) });
export const changeSchedule = (json: ReminderSchedule) => unwrap(api.reminders.schedule.$put({ json }));

export const deliveriesKeys = { all: [...teamKeys.all, "deliveries"] as const };
export type DeliveryHealth = InferResponseType<typeof api.reminders.deliveries.$get, 200>;
export const deliveriesQueryOptions = () => queryOptions({ queryKey: deliveriesKeys.all, queryFn: () => unwrap(api.reminders.deliveries.$get()) });
