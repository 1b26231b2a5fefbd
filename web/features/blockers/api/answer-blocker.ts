// A blocking person's answers about their own part.
import type { SnoozeInput } from "@/common/blockers";
import { api, unwrap } from "@/web/lib/api-client";

export const markDone = (id: string) => unwrap(api.blockers[":id"].done.$post({ param: { id } }));

export const declineBlocker = ({ id, reason, suggestedProfileId }: { id: string; reason: string; suggestedProfileId?: string }) =>
  unwrap(api.blockers[":id"].decline.$post({ param: { id }, json: { reason, suggestedProfileId } }));

/**
 * A choice of the snooze menu, a day, or a time: the server moves its end into the person's working hours.
 * `expected`: the end the menu worked out, drawn on the row until the server's answer comes (not sent).
 */
export const snoozeBlocker = ({ id, expected: _expected, ...when }: { id: string; expected?: Date } & SnoozeInput) => unwrap(api.blockers[":id"].snooze.$post({ param: { id }, json: when }));
