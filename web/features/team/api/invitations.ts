import { queryOptions } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { readInvitationToken, forgetInvitationToken } from "@/web/features/onboarding/invitation-token";
import { api, unwrap } from "@/web/lib/api-client";
import { teamKeys } from "./team";
import type { TeamRole } from "./members";

/** The team's pending invitations (under the team's key: switching teams, or a team change, reads them again). */
export const teamInvitationsKeys = { all: [...teamKeys.all, "invitations"] as const };
export type TeamInvitation = InferResponseType<typeof api.team.invitations.$get, 200>["items"][number];

export const teamInvitationsQueryOptions = () => queryOptions({ queryKey: teamInvitationsKeys.all, queryFn: () => unwrap(api.team.invitations.$get()) });
export const inviteTeammates = ({ emails, role }: { emails: string[]; role?: Exclude<TeamRole, "owner"> }) => unwrap(api.team.invitations.$post({ json: { emails, role } }));
export const resendInvitation = (id: string) => unwrap(api.team.invitations[":id"].resend.$post({ param: { id } }));
export const revokeInvitation = (id: string) => unwrap(api.team.invitations[":id"].$delete({ param: { id } }));

/** The invitations this person received, from any team (not scoped to the tab's team). */
export const receivedInvitationsKeys = { all: ["invitations-received"] as const };
export type ReceivedInvitation = InferResponseType<typeof api.invitations.$get, 200>[number];

/** With the token of an invitation link followed, which proves that one is theirs before their e-mail is confirmed. */
export const receivedInvitationsQueryOptions = (linkToken?: string) =>
  queryOptions({
    queryKey: [...receivedInvitationsKeys.all, { linkToken }],
    queryFn: () => {
      const invite = linkToken ?? readInvitationToken();
      return unwrap(api.invitations.$get({ query: invite ? { invite } : {} }));
    },
  });

export async function acceptInvitation(id: string) {
  const team = await unwrap(api.invitations[":id"].accept.$post({ param: { id }, json: { token: readInvitationToken() } }));
  forgetInvitationToken();
  return team;
}
export const declineInvitation = (id: string) => unwrap(api.invitations[":id"].decline.$post({ param: { id }, json: { token: readInvitationToken() } }));
