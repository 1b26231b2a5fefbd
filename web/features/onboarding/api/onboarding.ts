import { queryOptions } from "@tanstack/react-query";
import type { InferRequestType } from "hono/client";
import { api, unwrap } from "@/web/lib/api-client";

export const onboardingKeys = { all: ["onboarding"] as const };

export const onboardingQueryOptions = () => queryOptions({ queryKey: onboardingKeys.all, queryFn: () => unwrap(api.onboarding.$get()) });

export const saveAboutYou = (json: InferRequestType<typeof api.onboarding.profile.$post>["json"]) => unwrap(api.onboarding.profile.$post({ json }));
export const createTeam = (name: string) => unwrap(api.onboarding.team.$post({ json: { name } }));
export const acceptInvitation = (id: string) => unwrap(api.onboarding.invitations[":id"].accept.$post({ param: { id } }));
export const completeOnboarding = () => unwrap(api.onboarding.complete.$post());
