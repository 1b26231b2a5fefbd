import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "@/web/lib/api-client";
import { peopleKeys } from "./people-keys";

export const teammateQueryOptions = (id: string) => queryOptions({ queryKey: peopleKeys.detail(id), queryFn: () => unwrap(api.people[":id"].$get({ param: { id } })) });
