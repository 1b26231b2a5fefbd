// The signed-in person's own account (/api/account): the devices signed in, the e-mail address, deleting it.
import { queryOptions } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { api, unwrap } from "@/web/lib/api-client";

export const accountKeys = {
  all: ["account"] as const,
  sessions: () => [...accountKeys.all, "sessions"] as const,
  deletion: () => [...accountKeys.all, "deletion"] as const,
};

export type SignedInDevice = InferResponseType<typeof api.account.sessions.$get, 200>["sessions"][number];
export type AccountDeletionPlan = InferResponseType<typeof api.account.deletion.$get, 200>;

export const sessionsQueryOptions = () => queryOptions({ queryKey: accountKeys.sessions(), queryFn: () => unwrap(api.account.sessions.$get()) });
export const signOutDevice = (id: string) => unwrap(api.account.sessions[":id"].$delete({ param: { id } }));
export const signOutOtherDevices = () => unwrap(api.account.sessions["sign-out-others"].$post());

export const changeEmail = (json: { newEmail: string; password: string }) => unwrap(api.account.email.$post({ json }));

export const deletionPlanQueryOptions = () => queryOptions({ queryKey: accountKeys.deletion(), queryFn: () => unwrap(api.account.deletion.$get()) });
export const deleteAccount = (json: { password: string; confirmation: string }) => unwrap(api.account.delete.$post({ json }));
