// The team's outgoing webhooks (/api/team/webhooks): the list with each endpoint's health, the changes owners and
// admins make, and an endpoint's delivery log a page at a time.
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import type { NewWebhook, WebhookChanges } from "@/common/webhooks";
import { teamKeys } from "@/web/features/team/api/team";
import { api, unwrap } from "@/web/lib/api-client";

/** Under the team's key: switching teams reads them again. */
export const webhookKeys = {
  all: [...teamKeys.all, "webhooks"] as const,
  deliveries: (webhookId: string) => [...teamKeys.all, "webhooks", webhookId, "deliveries"] as const,
};

export type TeamWebhooks = InferResponseType<typeof api.team.webhooks.$get, 200>;
export type TeamWebhook = TeamWebhooks["endpoints"][number];
export type DeliveryAttempt = InferResponseType<(typeof api.team.webhooks)[":id"]["deliveries"]["$get"], 200>["items"][number];

export const webhooksQueryOptions = () => queryOptions({ queryKey: webhookKeys.all, queryFn: () => unwrap(api.team.webhooks.$get()) });

export const deliveriesQueryOptions = (webhookId: string) =>
  infiniteQueryOptions({
    queryKey: webhookKeys.deliveries(webhookId),
    queryFn: ({ pageParam }) => unwrap(api.team.webhooks[":id"].deliveries.$get({ param: { id: webhookId }, query: pageParam ? { cursor: pageParam } : {} })),
    initialPageParam: "",
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // Open, the log keeps up by itself: deliveries go out in the background, retries hours apart.
    refetchInterval: 5_000,
  });

export const addWebhook = (input: NewWebhook) => unwrap(api.team.webhooks.$post({ json: input }));
export const changeWebhook = ({ id, changes }: { id: string; changes: WebhookChanges }) => unwrap(api.team.webhooks[":id"].$patch({ param: { id }, json: changes }));
export const deleteWebhook = (id: string) => unwrap(api.team.webhooks[":id"].$delete({ param: { id } }));
export const rotateWebhookSecret = (id: string) => unwrap(api.team.webhooks[":id"]["rotate-secret"].$post({ param: { id } }));
export const redeliver = ({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) =>
  unwrap(api.team.webhooks[":id"].deliveries[":deliveryId"].redeliver.$post({ param: { id: webhookId, deliveryId } }));
