// The signed-in person's API keys in the tab's team (/api/api-keys).
import { queryOptions } from "@tanstack/react-query";
import type { InferRequestType, InferResponseType } from "hono/client";
import { api, unwrap } from "@/web/lib/api-client";

export const apiKeyKeys = { all: ["api-keys"] as const };

export type ApiKeySummary = InferResponseType<typeof api["api-keys"]["$get"], 200>["keys"][number];
export type NewApiKey = InferRequestType<typeof api["api-keys"]["$post"]>["json"];

export const apiKeysQueryOptions = () => queryOptions({ queryKey: apiKeyKeys.all, queryFn: () => unwrap(api["api-keys"].$get()) });
export const createApiKey = (json: NewApiKey) => unwrap(api["api-keys"].$post({ json }));
export const revokeApiKey = (id: string) => unwrap(api["api-keys"][":id"].$delete({ param: { id } }));
