import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "@/web/lib/api-client";

export const teamKeys = { all: ["team"] as const };

export const teamQueryOptions = () => queryOptions({ queryKey: teamKeys.all, queryFn: () => unwrap(api.team.$get()) });

export const inviteTeammates = (emails: string[]) => unwrap(api.team.invitations.$post({ json: { emails } }));
