// A blocking person's answers about their own part.
import { api, unwrap } from "@/web/lib/api-client";

export const markDone = (id: string) => unwrap(api.blockers[":id"].done.$post({ param: { id } }));

export const declineBlocker = ({ id, reason, suggestedProfileId }: { id: string; reason: string; suggestedProfileId?: string }) =>
  unwrap(api.blockers[":id"].decline.$post({ param: { id }, json: { reason, suggestedProfileId } }));

export const snoozeBlocker = ({ id, until }: { id: string; until: string }) => unwrap(api.blockers[":id"].snooze.$post({ param: { id }, json: { until } }));
