// Joining from an invitation's link in one screen (issue #27, decision 051): the link's token is the invitation's id,
// which only its e-mail's reader has (decision 018), so it proves the address as a confirmation link would. The page
// reads who invited whom to what, and a newcomer's name and password make the account, join the team and finish
// onboarding in one request — no confirmation e-mail, no onboarding steps.
import { and, eq, gt } from "drizzle-orm";
import type { Auth } from "../../auth/auth.ts";
import { findWeakPasswordReasons } from "../../auth/password-strength.ts";
import type { Config } from "../../config.ts";
import { invitation, organization, profiles, user } from "../../db/schema.ts";
import type { Database } from "../../db/client.ts";
import { Refusal } from "../../http/refusal.ts";
import { requireRoomToJoin } from "../billing/member-limit.ts";
import type { ChangeDependencies } from "../blockers/change-blocker.ts";
import { completeOnboarding } from "../onboarding/complete-onboarding.ts";
import { updateProfile } from "../profile/update-profile.ts";
import { acceptInvitation } from "./accept-invitation.ts";
import { invitationNotFound } from "./list-invitations.ts";
import type { EventHub } from "../../realtime/event-hub.ts";

/** What the invitation's page shows: who invited which address to which team, and whether that address has an account. */
export async function previewInvitation(db: Database, token: string, now: Date) {
  const [found] = await db
    .select({ email: invitation.email, teamId: organization.id, teamName: organization.name, inviterName: profiles.fullName, inviterEmail: user.email, expiresAt: invitation.expiresAt })
    .from(invitation)
    .innerJoin(organization, eq(organization.id, invitation.organizationId))
    .innerJoin(user, eq(user.id, invitation.inviterId))
    .leftJoin(profiles, eq(profiles.authId, user.id))
    .where(and(eq(invitation.id, token), eq(invitation.status, "pending"), gt(invitation.expiresAt, now)));
  if (!found) throw invitationNotFound();
  const [account] = await db.select({ id: user.id }).from(user).where(eq(user.email, found.email.toLowerCase()));
  return {
    email: found.email,
    teamId: found.teamId,
    teamName: found.teamName,
    inviterName: found.inviterName || found.inviterEmail,
    expiresAt: found.expiresAt,
    hasAccount: account !== undefined,
  };
}

export type Newcomer = { fullName: string; password: string; timezone: string };

type JoinDependencies = ChangeDependencies & { auth: Auth; events: EventHub; config: Pick<Config, "defaultPlan" | "stripe"> };

/**
 * Makes the account of the invitation's address, confirmed by the token, signs it in, joins the team and ends
 * onboarding. Everything that can refuse is checked before the account is made, so a refusal leaves nothing behind.
 * Answers the session's cookies (for the answer) and the team joined.
 */
export async function joinByInvitation(deps: JoinDependencies, token: string, newcomer: Newcomer, requestHeaders: Headers, now: Date) {
  const { auth, db } = deps;
  const preview = await previewInvitation(db, token, now);
  if (preview.hasAccount) throw new Refusal(409, "account_exists", "You already have an account: sign in to join this team");
  await requireRoomToJoin(deps, preview.teamId, now);
  const reasons = await findWeakPasswordReasons(newcomer.password, [preview.email, newcomer.fullName]);
  // The same answer as sign-up's (server/auth/validate-auth-request.ts), so the form shows the same reasons.
  if (reasons.length > 0) throw new Refusal(422, "weak_password", "Password is too weak", { field: "password", weak_password: { reasons } });

  const context = await auth.$context;
  const created = await context.internalAdapter.createUser({ email: preview.email, name: newcomer.fullName, emailVerified: true }, { method: "email-password" });
  await context.internalAdapter.linkAccount({ userId: created.id, providerId: "credential", accountId: created.id, password: await context.password.hash(newcomer.password) });
  // Through better-auth's own sign-in, so the session is made, signed and hooked like every other.
  const signedIn = await auth.api.signInEmail({ body: { email: preview.email, password: newcomer.password, rememberMe: true }, headers: requestHeaders, returnHeaders: true });
  const setCookies = signedIn.headers.getSetCookie();
  const sessionHeaders = new Headers(requestHeaders);
  sessionHeaders.set("cookie", setCookies.map((cookie) => cookie.split(";")[0]).join("; "));

  await updateProfile(deps, created.id, { fullName: newcomer.fullName, timezone: newcomer.timezone }, now);
  const team = await acceptInvitation(deps, { userId: created.id, email: preview.email, headers: sessionHeaders }, token, token, now);
  await completeOnboarding(db, created.id, now);
  return { setCookies, team };
}
