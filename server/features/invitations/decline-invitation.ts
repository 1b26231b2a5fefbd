// Declining an invitation from /invites: with the same proof as accepting it (decision 018), through better-auth's
// plugin, which marks it rejected; the team's admins see it leave their pending list.
import { isAPIError } from "better-auth/api";
import type { Auth } from "../../auth/auth.ts";
import type { Database } from "../../db/client.ts";
import { findInvitationFor, invitationNotFound, requireProof } from "./list-invitations.ts";

export async function declineInvitation(deps: { auth: Auth; db: Database }, person: { userId: string; email: string; headers: Headers }, invitationId: string, token: string | undefined, now: Date) {
  if (!(await findInvitationFor(deps.db, person.email, invitationId, now))) throw invitationNotFound();
  await requireProof(deps.db, person.userId, invitationId, token);
  try {
    await deps.auth.api.rejectInvitation({ body: { invitationId }, headers: person.headers });
  } catch (error) {
    if (!isAPIError(error)) throw error;
    throw invitationNotFound();
  }
  return { declined: true };
}

