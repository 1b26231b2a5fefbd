import { queryOptions } from "@tanstack/react-query";
import type { InferRequestType } from "hono/client";
import { api, unwrap } from "@/web/lib/api-client";

export const onboardingKeys = { all: ["onboarding"] as const, withInvitation: (invite: string | undefined) => [...onboardingKeys.all, { invite }] as const };

/** `invite`: the token of the invitation link followed, which lets the server show that invitation (decision 018). */
export const onboardingQueryOptions = (invite: string | undefined) =>
  queryOptions({ queryKey: onboardingKeys.withInvitation(invite), queryFn: () => unwrap(api.onboarding.$get({ query: invite ? { invite } : {} })) });

export const saveAboutYou = (json: InferRequestType<typeof api.onboarding.profile.$post>["json"]) => unwrap(api.onboarding.profile.$post({ json }));
export const createTeam = (name: string) => unwrap(api.onboarding.team.$post({ json: { name } }));

export const completeOnboarding = () => unwrap(api.onboarding.complete.$post());
