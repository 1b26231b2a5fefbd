import { isAPIError } from "better-auth/api";
import type { Auth } from "../../auth/auth.ts";

export type InviteOutcome = { email: string; invited: true } | { email: string; invited: false; message: string };

/** Sends one invitation per address; one refused address (already a member, say) does not stop the others. */
export async function inviteTeammates(auth: Auth, headers: Headers, teamId: string, emails: string[]): Promise<InviteOutcome[]> {
  const outcomes: InviteOutcome[] = [];
  for (const email of new Set(emails)) {
    try {
      await auth.api.createInvitation({ body: { email, role: "member", organizationId: teamId, resend: true }, headers });
      outcomes.push({ email, invited: true });
    } catch (error) {
      if (!isAPIError(error)) throw error;
      outcomes.push({ email, invited: false, message: error.body?.message ?? error.message });
    }
  }
  return outcomes;
}
