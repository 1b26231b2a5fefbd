// The team's GitHub connection (/api/team/github): what the integrations page shows, and what owners and admins change.
import { queryOptions } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { teamKeys } from "@/web/features/team/api/team";
import { api, unwrap } from "@/web/lib/api-client";

/** Under the team's key: switching teams reads it again. */
export const githubKeys = { all: [...teamKeys.all, "github"] as const };

export type GithubSummary = InferResponseType<typeof api.team.github.$get, 200>;
export type GithubConnection = NonNullable<GithubSummary["connection"]>;
export type GithubRepository = GithubConnection["repositories"][number];
/** What connecting or rotating answers: the connection, and its secret (shown this once). */
export type GithubSecret = InferResponseType<typeof api.team.github.$post, 201>;

export const githubQueryOptions = () => queryOptions({ queryKey: githubKeys.all, queryFn: () => unwrap(api.team.github.$get()) });
export const connectGithub = () => unwrap(api.team.github.$post());
export const disconnectGithub = () => unwrap(api.team.github.$delete());
export const rotateGithubSecret = () => unwrap(api.team.github["rotate-secret"].$post());
