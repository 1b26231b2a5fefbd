import { queryOptions } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { api, unwrap } from "@/web/lib/api-client";
import { peopleKeys } from "./people-keys";

export type Teammate = InferResponseType<typeof api.people.$get, 200>[number];

/** Everyone in my team, for the people pickers; the team changes rarely, so it stays fresh for 5 minutes. */
export const teammatesQueryOptions = () => queryOptions({ queryKey: peopleKeys.list(), queryFn: () => unwrap(api.people.$get()), staleTime: 5 * 60 * 1000 });
