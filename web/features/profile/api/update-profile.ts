import type { InferRequestType } from "hono/client";
import { api, unwrap } from "@/web/lib/api-client";

export const updateProfile = (json: InferRequestType<typeof api.profile.$patch>["json"]) => unwrap(api.profile.$patch({ json }));
