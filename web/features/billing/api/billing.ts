import { queryOptions } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { teamKeys } from "@/web/features/team/api/team";
import { api, unwrap } from "@/web/lib/api-client";

/** Under the team's key: switching teams reads it again, and so does a `team` event (a webhook changed the plan). */
export const billingKeys = { all: [...teamKeys.all, "billing"] as const };
export type BillingSummary = InferResponseType<typeof api.billing.$get, 200>;

export const billingQueryOptions = () => queryOptions({ queryKey: billingKeys.all, queryFn: () => unwrap(api.billing.$get()) });
/** Each answers the Stripe page to go to. */
export const startCheckout = () => unwrap(api.billing.checkout.$post());
export const openPortal = () => unwrap(api.billing.portal.$post());
