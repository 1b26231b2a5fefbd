import { isAPIError } from "better-auth/api";
import { paths } from "../../../common/paths.ts";
import type { Auth } from "../../auth/auth.ts";
import { reserveAttempt, tooManyMessage } from "../../auth/attempt-limits.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { FREE_MEMBERS_MESSAGE, roomToInvite } from "../billing/member-limit.ts";
import type { TeamRole } from "../../../common/teams.ts";

/**
 * `link`: the invitation's link, as the e-mail carries it, for the inviter to pass on when no e-mail can go out
 * (no SMTP server): following it is what proves the invitation is the invitee's (decision 018).
 */
export type InviteOutcome = { email: string; invited: true; link: string } | { email: string; invited: false; message: string; retryAfterSeconds?: number; upgradeUrl?: string };

/**
 * Sends one invitation per address; one refused address (already a member, say) does not stop the others. Each
 * invitation is an e-mail sent on request, counted with the others Holdup sends (decision 019): per address, so a
 * teammate cannot flood someone's inbox by inviting them again and again, and per client.
 */
/** Who sends: their request's headers (better-auth reads the session from them) and their client, for the limits. */
export type Sender = { headers: Headers; clientKey: string };

/**
 * On the Free plan, only as many as the team has places for (FREE_MEMBERS, invitations waiting included); an
 * address already invited keeps its place (sending it again takes none).
 */
export async function inviteTeammates(deps: { auth: Auth; db: Database; appUrl: string; config: Pick<Config, "defaultPlan" | "stripe"> }, sender: Sender, teamId: string, emails: string[], role: TeamRole, now: Date): Promise<InviteOutcome[]> {
  const outcomes: InviteOutcome[] = [];
  const places = await roomToInvite(deps, teamId, now);
  const waiting = places.waiting;
  let room = places.room;
  for (const email of new Set(emails)) {
    const takesAPlace = !waiting.has(email.toLowerCase());
    if (takesAPlace && room <= 0) {
      outcomes.push({ email, invited: false, message: FREE_MEMBERS_MESSAGE, upgradeUrl: paths.organizationBilling });
      continue;
    }
    const reservation = await reserveAttempt(deps.db, { kind: "email", email, clientKey: sender.clientKey }, now);
    if (!reservation.allowed) {
      outcomes.push({ email, invited: false, message: tooManyMessage("email", reservation.retryAfterSeconds), retryAfterSeconds: reservation.retryAfterSeconds });
      continue;
    }
    try {
      const invitation = await deps.auth.api.createInvitation({ body: { email, role, organizationId: teamId, resend: true }, headers: sender.headers });
      await reservation.keep();
      if (takesAPlace) room -= 1;
      outcomes.push({ email, invited: true, link: new URL(paths.invitation(invitation.id, invitation.email), deps.appUrl).toString() });
    } catch (error) {
      await reservation.takeBack();
      if (!isAPIError(error)) throw error;
      outcomes.push({ email, invited: false, message: error.body?.message ?? error.message });
    }
  }
  return outcomes;
}
