import { infiniteQueryOptions } from "@tanstack/react-query";
import type { TeamRole } from "@/common/teams";
import type { InferResponseType } from "hono/client";
import { api, unwrap } from "@/web/lib/api-client";
import { teamKeys } from "./team";

export type MembersPage = InferResponseType<typeof api.team.members.$get, 200>;
export type TeamMember = MembersPage["items"][number];
export type { TeamRole };

/** Under the team's key: a "team" live event (someone joined, left, changed role) reads the list again. */
export const membersKeys = { all: [...teamKeys.all, "members"] as const, search: (q: string) => [...membersKeys.all, { q }] as const };

/** The team's members, 50 a page, by name; `q` finds them by name or e-mail. */
export const membersQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: membersKeys.search(q),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => unwrap(api.team.members.$get({ query: { ...(q ? { q } : {}), ...(pageParam ? { cursor: pageParam } : {}) } })),
    getNextPageParam: (page) => page.nextCursor,
  });

export const changeRole = ({ memberId, role }: { memberId: string; role: TeamRole }) => unwrap(api.team.members[":memberId"].$patch({ param: { memberId }, json: { role } }));
export const removeMember = (memberId: string) => unwrap(api.team.members[":memberId"].$delete({ param: { memberId } }));
export const transferOwnership = (memberId: string) => unwrap(api.team["transfer-ownership"].$post({ json: { memberId } }));
export const leaveTeam = () => unwrap(api.team.leave.$post());
