import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { profileKeys } from "@/web/features/profile/api/get-profile";
import { api, unwrap } from "@/web/lib/api-client";

/** The team this tab acts in. */
export const teamKeys = { all: ["team"] as const };
/** Every team of the person, for the switcher (not scoped to one team). */
export const teamsKeys = { all: ["teams"] as const };

export type Team = InferResponseType<typeof api.team.$get, 200>;
export type TeamOfMine = InferResponseType<typeof api.teams.$get, 200>[number];

export const teamQueryOptions = () => queryOptions({ queryKey: teamKeys.all, queryFn: () => unwrap(api.team.$get()) });

export const teamsQueryOptions = () => queryOptions({ queryKey: teamsKeys.all, queryFn: () => unwrap(api.teams.$get()) });

export const createTeam = (name: string) => unwrap(api.teams.$post({ json: { name } }));

/**
 * After a switch, everything read in the old team is read again in the new one (shown as loading, never as the old
 * team's): every query but the person's own profile and their list of teams.
 */
export const resetTeamReads = (queryClient: QueryClient) =>
  queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== profileKeys.all[0] && query.queryKey[0] !== teamsKeys.all[0] });
