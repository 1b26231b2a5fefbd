import { and, eq, gt } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { invitation, organization, user } from "../../db/schema.ts";

/** Invitations still waiting for this e-mail address, with the team's and the inviter's names to show. */
export async function listInvitationsFor(db: Database, email: string, now: Date) {
  return db
    .select({ id: invitation.id, teamName: organization.name, inviterName: user.name, inviterEmail: user.email, expiresAt: invitation.expiresAt })
    .from(invitation)
    .innerJoin(organization, eq(organization.id, invitation.organizationId))
    .innerJoin(user, eq(user.id, invitation.inviterId))
    .where(and(eq(invitation.email, email.toLowerCase()), eq(invitation.status, "pending"), gt(invitation.expiresAt, now)));
}
