// Resolving and cancelling by hand, and reopening.
import { api, unwrap } from "@/web/lib/api-client";

export const resolveBlocker = (id: string) => unwrap(api.blockers[":id"].resolve.$post({ param: { id } }));
export const cancelBlocker = (id: string) => unwrap(api.blockers[":id"].cancel.$post({ param: { id } }));
export const reopenBlocker = (id: string) => unwrap(api.blockers[":id"].reopen.$post({ param: { id } }));
