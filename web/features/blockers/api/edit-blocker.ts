import type { EditBlockerInput } from "@/common/blockers";
import { api, unwrap } from "@/web/lib/api-client";

export const editBlocker = ({ id, ...json }: EditBlockerInput & { id: string }) => unwrap(api.blockers[":id"].$patch({ param: { id }, json }));
