import type { CreateBlockerInput } from "@/common/blockers";
import { api, unwrap } from "@/web/lib/api-client";

export const createBlocker = (json: CreateBlockerInput) => unwrap(api.blockers.$post({ json }));
