import { and, eq, gt } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { Refusal } from "../../http/refusal.ts";
import { invitation, organization, user } from "../../db/schema.ts";

/**
 * How someone shows an invitation is theirs: with SMTP, a confirmed e-mail address; without it (nobody is
 * confirmed), the token from the invitation's link, which is the invitation's id (decision 018).
 */
export type InvitationProof = { emailVerified: boolean; token: string | undefined };

/** Whether the account's address is confirmed, read from the database (the session's copy may be a minute old). */
export async function isEmailVerified(db: Database, userId: string): Promise<boolean> {
  const [found] = await db.select({ emailVerified: user.emailVerified }).from(user).where(eq(user.id, userId));
  return found?.emailVerified === true;
}

/**
 * Invitations still waiting for this e-mail address that the person has proved are theirs, with the team's and
 * the inviter's names to show. Anyone can sign up with any address when nothing confirms it: without proof,
 * they see nothing.
 */
export async function listInvitationsFor(db: Database, email: string, proof: InvitationProof, now: Date) {
  if (proof.emailVerified) return waitingInvitations(db, email, now);
  return proof.token ? waitingInvitations(db, email, now, proof.token) : [];
}

export const invitationNotFound = () => new Refusal(404, "invitation_not_found", "This invitation does not exist or has expired");

/** Acting on an invitation by its id takes proof it is the person's: a confirmed address, or its link's token. */
export async function requireProof(db: Database, userId: string, invitationId: string, token: string | undefined) {
  if (token === invitationId || (await isEmailVerified(db, userId))) return;
  throw new Refusal(403, "invitation_link_required", "Open the link in your invitation e-mail to join this team: it shows the invitation is yours");
}

/** The invitation with this id if it still waits for this address, proved or not (the caller checks the proof). */
export async function findInvitationFor(db: Database, email: string, invitationId: string, now: Date) {
  const [found] = await waitingInvitations(db, email, now, invitationId);
  return found;
}

function waitingInvitations(db: Database, email: string, now: Date, invitationId?: string) {
  return db
    .select({ id: invitation.id, teamId: organization.id, teamName: organization.name, inviterName: user.name, inviterEmail: user.email, expiresAt: invitation.expiresAt })
    .from(invitation)
    .innerJoin(organization, eq(organization.id, invitation.organizationId))
    .innerJoin(user, eq(user.id, invitation.inviterId))
    .where(
      and(
        eq(invitation.email, email.toLowerCase()),
        eq(invitation.status, "pending"),
        gt(invitation.expiresAt, now),
        invitationId === undefined ? undefined : eq(invitation.id, invitationId),
      ),
    );
}
