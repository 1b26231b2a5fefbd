// The team's pending invitations on /organization/invites: listed (owners and admins see all of them, a member the
// ones they sent), sent again, revoked (owners and admins, as better-auth's plugin allows), their links copied.
import { isAPIError } from "better-auth/api";
import { and, desc, eq } from "drizzle-orm";
import { paths } from "../../../common/paths.ts";
import type { Auth } from "../../auth/auth.ts";
import type { Database } from "../../db/client.ts";
import { invitation, user } from "../../db/schema.ts";
import type { Member } from "../../http/app-env.ts";
import { Refusal } from "../../http/refusal.ts";
import { inviteTeammates, type InviteOutcome, type Sender } from "./invite-teammates.ts";
import type { TeamRole } from "../../../common/teams.ts";

const invitationNotFound = () => new Refusal(404, "invitation_not_found", "This invitation does not exist, or is no longer pending");

/** The roles someone may invite people as: owners and admins invite admins too; nobody invites owners (ownership is handed over). */
export const invitableRoles = (role: string): Exclude<TeamRole, "owner">[] => (role === "owner" || role === "admin" ? ["member", "admin"] : ["member"]);

export async function listTeamInvitations(db: Database, viewer: Member & { userId: string }, appUrl: string, now: Date) {
  const rows = await db
    .select({ id: invitation.id, email: invitation.email, role: invitation.role, expiresAt: invitation.expiresAt, sentAt: invitation.createdAt, inviterId: invitation.inviterId, inviterName: user.name, inviterEmail: user.email })
    .from(invitation)
    .innerJoin(user, eq(user.id, invitation.inviterId))
    .where(and(eq(invitation.organizationId, viewer.teamId), eq(invitation.status, "pending"), viewer.isAdmin ? undefined : eq(invitation.inviterId, viewer.userId)))
    .orderBy(desc(invitation.createdAt));
  return {
    items: rows.map(({ inviterId, ...row }) => ({
      ...row,
      role: row.role ?? "member",
      expired: row.expiresAt <= now,
      // The link proves the invitation reached its reader (decision 018): shown to whoever sent it, or may revoke it.
      link: new URL(paths.invitation(row.id, row.email), appUrl).toString(),
      allowed: { resend: true, revoke: viewer.isAdmin, sentByViewer: inviterId === viewer.userId },
    })),
    invitableRoles: invitableRoles(viewer.role),
  };
}

async function findPending(db: Database, viewer: Member & { userId: string }, invitationId: string) {
  const [found] = await db
    .select({ id: invitation.id, email: invitation.email, role: invitation.role, inviterId: invitation.inviterId })
    .from(invitation)
    .where(and(eq(invitation.id, invitationId), eq(invitation.organizationId, viewer.teamId), eq(invitation.status, "pending")));
  // A member may act only on invitations they sent; to them, the others do not exist.
  if (!found || (!viewer.isAdmin && found.inviterId !== viewer.userId)) throw invitationNotFound();
  return found;
}

/** Sends the invitation's e-mail again (the same link; better-auth's `resend`), counted against the e-mail limits. */
export async function resendInvitation(deps: Parameters<typeof inviteTeammates>[0], viewer: Member & { userId: string }, sender: Sender, invitationId: string, now: Date): Promise<InviteOutcome> {
  const pending = await findPending(deps.db, viewer, invitationId);
  const role = (pending.role ?? "member") as TeamRole;
  const [outcome] = await inviteTeammates(deps, sender, viewer.teamId, [pending.email], role, now);
  if (!outcome) throw invitationNotFound();
  if (!outcome.invited && outcome.retryAfterSeconds) throw new Refusal(429, "too_many_requests", outcome.message, { retryAfter: outcome.retryAfterSeconds });
  return outcome;
}

export async function revokeInvitation(deps: { auth: Auth; db: Database }, viewer: Member & { userId: string; headers: Headers }, invitationId: string) {
  if (!viewer.isAdmin) throw new Refusal(403, "revoke_not_allowed", "Only owners and admins revoke invitations");
  await findPending(deps.db, viewer, invitationId);
  try {
    await deps.auth.api.cancelInvitation({ body: { invitationId }, headers: viewer.headers });
  } catch (error) {
    if (!isAPIError(error)) throw error;
    throw invitationNotFound();
  }
}
