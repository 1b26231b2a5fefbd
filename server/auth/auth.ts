// The better-auth instance: e-mail and password, one-time codes by e-mail, an authenticator app as a second factor,
// teams (organizations) and invitations.
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { apiKey } from "@better-auth/api-key";
import { deviceAuthorization, emailOTP, organization, twoFactor } from "better-auth/plugins";
import { adminAc, defaultAc, memberAc, ownerAc } from "better-auth/plugins/organization/access";
import { eq } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import * as schema from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import { emailTemplates } from "../mail/templates.ts";
import { paths } from "../../common/paths.ts";
import { MAX_TEAMS_PER_PERSON } from "../../common/teams.ts";
import { API_KEY_NAME_MAX, API_KEY_PREFIX, API_KEY_RANDOM_LENGTH, API_KEY_RATE_LIMIT } from "../../common/api-keys.ts";
import { DEVICE_CODE_MINUTES, DEVICE_POLL_SECONDS, isDeviceClient } from "../../common/devices.ts";
import { isCleanUpWithoutSmtp } from "./code-sign-in.ts";
import { accountSecurityRules } from "./account-security-rules.ts";
import { teamMembershipHooks, teamMembershipRules, type MembershipChangedHandler, type MembershipEndedHandler } from "./team-membership-rules.ts";
import { validateAuthRequest } from "./validate-auth-request.ts";

export type AuthDependencies = {
  config: Pick<Config, "appUrl" | "requireEmailVerification" | "logLevel">;
  secret: string;
  db: Database;
  mailer: Mailer;
  logger: Logger;
  /** What follows when someone's membership of a team ends (server/features/team/end-membership.ts). */
  onMembershipEnded: MembershipEndedHandler;
  /** Someone joined a team or changed role: kept answers about them and the team are stale. */
  onMembershipChanged: MembershipChangedHandler;
  /** Someone's account changed (their e-mail, name or picture): kept answers that show them are stale. */
  onAccountChanged: (userId: string) => Promise<void>;
  /** One of someone's sessions ended (signed out, revoked, expired): it stops working at once (ended-sessions.ts). */
  onSessionEnded: (ended: { userId: string; sessionId: string }) => Promise<void>;
};

/** The header through which Holdup tells better-auth who the client is (set in routes.ts, never taken from the client). */
export const CLIENT_ADDRESS_HEADER = "x-holdup-client-address";

/** How long a session read from the signed cookie is trusted before the database is asked again. */
export const SESSION_COOKIE_CACHE_SECONDS = 60;

/** The apiKey plugin's endpoints, closed to HTTP (Holdup's /api/api-keys does their work with Holdup's rules). */
export const API_KEY_ENDPOINTS = ["/api-key/create", "/api-key/get", "/api-key/update", "/api-key/delete", "/api-key/list"];

/** The name authenticator apps show beside the account. */
export const AUTHENTICATOR_ISSUER = "Holdup";

export function createAuth({ config, secret, db, mailer, logger, onMembershipEnded, onMembershipChanged, onAccountChanged, onSessionEnded }: AuthDependencies) {
  const link = (path: string) => new URL(path, config.appUrl).toString();
  // An authenticator app's six digits, asked for after the password (or the e-mailed code: second-factor-rules.ts).
  // Turning it on or off asks for the password; ten backup codes; ten wrong codes lock the second step for 15 minutes
  // (better-auth's lockout), and Holdup counts wrong codes like wrong passwords (server/auth/routes.ts).
  const secondFactor = twoFactor({ issuer: AUTHENTICATOR_ISSUER, totpOptions: { digits: 6, period: 30 }, backupCodeOptions: { amount: 10 } });
  return betterAuth({
    appName: "Holdup",
    baseURL: config.appUrl,
    basePath: "/api/auth",
    secret,
    // Through Holdup's logger, which keeps what people typed from forging or breaking log lines.
    logger: { disabled: config.logLevel === "silent", level: config.logLevel === "silent" ? "error" : config.logLevel, log: (level, message, ...details) => logger[level](`better-auth: ${message}`, details[0]) },
    trustedOrigins: [config.appUrl],
    database: drizzleAdapter(db, { provider: "pg", schema }),
    // better-auth's own limiter: requests per client and path, in the database so it holds across instances. It
    // keys clients by CLIENT_ADDRESS_HEADER, which server/auth/routes.ts sets (a pseudonym of the client's network,
    // IPv6 by /64). The limits per e-mail address and on failed checks are Holdup's (attempt-limits.ts).
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/*": { window: 60, max: 20 },
        "/sign-up/*": { window: 60, max: 10 },
        "/change-password": { window: 60, max: 10 },
        "/verify-password": { window: 60, max: 10 },
        "/request-password-reset": { window: 60, max: 10 },
        "/send-verification-email": { window: 60, max: 10 },
        "/email-otp/*": { window: 60, max: 10 },
        // Read by every page load; it checks no secret.
        "/get-session": false,
      },
    },
    advanced: { ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER], ipv6Subnet: 64 } },
    session: {
      // The signed session cookie is trusted for a minute, sparing a database read on most requests.
      // The price: a session revoked elsewhere keeps working for at most that minute.
      cookieCache: { enabled: true, maxAge: SESSION_COOKIE_CACHE_SECONDS },
      // A tray's or an extension's session says which (decision 042); written by Holdup's hook below, never by a request.
      additionalFields: { client: { type: "string", required: false, input: false } },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      requireEmailVerification: config.requireEmailVerification,
      autoSignIn: !config.requireEmailVerification,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send({ to: user.email, ...await emailTemplates.resetPassword(url) });
      },
    },
    emailVerification: {
      sendOnSignUp: config.requireEmailVerification,
      sendOnSignIn: config.requireEmailVerification,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        // Also the link of a change of address (POST /api/account/email), sent to the new address: the account still
        // has its old one until the link is opened.
        const [account] = await db.select({ email: schema.user.email }).from(schema.user).where(eq(schema.user.id, user.id));
        const changing = account !== undefined && account.email !== user.email;
        await mailer.send({ to: user.email, ...(await (changing ? emailTemplates.confirmNewEmail(url) : emailTemplates.verifyEmail(url))) });
      },
    },
    user: {
      // Deleting an account is Holdup's own route (POST /api/account/delete): it ends every membership first, and
      // keeps the person's part of their teams' history (server/features/account/delete-account.ts).
      deleteUser: { enabled: false },
      // Through POST /api/account/email, which checks the password first; the link goes to the new address, and the
      // address changes when it is opened.
      changeEmail: { enabled: true },
    },
    databaseHooks: {
      // Without SMTP, a code sign-in leaves an unconfirmed account as it was (code-sign-in.ts says why).
      account: { delete: { before: async (_account, context) => (isCleanUpWithoutSmtp(config, context) ? false : undefined) } },
      session: {
        // The device grant's session (POST /device/token) is the device's: it is marked with its client, which is
        // what the sessions list shows and what the device check asks for (server/auth/device-session.ts).
        create: { before: async (session, context) => (context?.path === "/device/token" && isDeviceClient(context.body?.client_id) ? { data: { ...session, client: context.body.client_id } } : undefined) },
        delete: {
          before: async (_session, context) => (isCleanUpWithoutSmtp(config, context) ? false : undefined),
          after: async (session) => onSessionEnded({ userId: session.userId, sessionId: session.id }),
        },
      },
      user: {
        create: {
          // Every account has exactly one profile, the row the rest of Holdup refers to.
          after: async (user) => {
            await db
              .insert(schema.profiles)
              .values({ authId: user.id, email: user.email, fullName: user.name.trim() || null, avatarUrl: user.image ?? null })
              .onConflictDoNothing();
          },
        },
        update: {
          before: async (changes, context) => (isCleanUpWithoutSmtp(config, context) && changes.emailVerified === true ? { data: { emailVerified: false } } : undefined),
          // The profile follows the account: its e-mail, its name, and its avatar_url from the account's picture (the
          // specification's storage_avatar_url rule: null when there is none).
          after: async (user) => {
            await db
              .update(schema.profiles)
              .set({ email: user.email, fullName: user.name.trim() || null, avatarUrl: user.image ?? null })
              .where(eq(schema.profiles.authId, user.id));
            await onAccountChanged(user.id);
          },
        },
      },
    },
    hooks: { before: validateAuthRequest },
    // API keys are made, listed and revoked through Holdup's /api/api-keys (server/features/api-keys/): the plugin's
    // own endpoints would let a key be made for any team, with any scope, and without the limit on how many.
    disabledPaths: API_KEY_ENDPOINTS,
    plugins: [
      organization({
        creatorRole: "owner",
        // Members invite teammates too, as in Linear (docs/decisions/022-who-may-invite.md): better-auth's own
        // invite endpoint is closed to browsers (it lets a role invite its equals), so every invitation goes
        // through POST /api/team/invitations, always as a member. Cancelling stays with owners and admins.
        roles: { owner: ownerAc, admin: adminAc, member: defaultAc.newRole({ ...memberAc.statements, invitation: ["create"] }) },
        invitationExpiresIn: 7 * 24 * 60 * 60,
        cancelPendingInvitationsOnReInvite: true,
        // Team membership rules (docs/decisions/018-team-membership-rules.md, server/auth/team-membership-rules.ts):
        // teams created only by Holdup's routes (a server call, see create-team.ts), at most MAX_TEAMS_PER_PERSON
        // per person (better-auth counts the teams one is a member of), never deleted.
        allowUserToCreateOrganization: false,
        organizationLimit: MAX_TEAMS_PER_PERSON,
        disableOrganizationDeletion: true,
        organizationHooks: teamMembershipHooks({ db, onMembershipEnded, onMembershipChanged }),
        sendInvitationEmail: async ({ id, email, organization: team, inviter }) => {
          // The link carries the invitation's id: following it proves the reader got this e-mail (decision 018).
          const url = link(paths.invitation(id, email));
          // The profile holds the current name; the session's copy of the user may be a minute old (cookie cache).
          const [inviterProfile] = await db.select({ fullName: schema.profiles.fullName }).from(schema.profiles).where(eq(schema.profiles.authId, inviter.user.id));
          await mailer.send({
            to: email,
            ...await emailTemplates.invitation({ inviterName: inviterProfile?.fullName || inviter.user.email, teamName: team.name, url }),
          });
        },
      }),
      teamMembershipRules({ onMembershipEnded }),
      // Hashed at rest (SHA-256), shown once; checked by Holdup's own fast path (server/features/api-keys/api-key-check.ts).
      apiKey({ defaultPrefix: API_KEY_PREFIX, defaultKeyLength: API_KEY_RANDOM_LENGTH, maximumNameLength: API_KEY_NAME_MAX, enableMetadata: true, keyExpiration: { defaultExpiresIn: null, minExpiresIn: 1, maxExpiresIn: 365 }, rateLimit: { enabled: true, timeWindow: API_KEY_RATE_LIMIT.windowSeconds * 1000, maxRequests: API_KEY_RATE_LIMIT.max } }),
      secondFactor,
      accountSecurityRules(secondFactor),
      // The tray and the browser extension sign in with a code approved at /device (RFC 8628; decision 042).
      deviceAuthorization({
        verificationUri: paths.device,
        expiresIn: `${DEVICE_CODE_MINUTES}m`,
        interval: `${DEVICE_POLL_SECONDS}s`,
        validateClient: (clientId) => isDeviceClient(clientId),
      }),
      emailOTP({
        otpLength: 6,
        expiresIn: 5 * 60,
        allowedAttempts: 3,
        // A code signs in an existing account; new accounts sign up with a password.
        disableSignUp: true,
        sendVerificationOTP: async ({ email, otp, type }) => {
          if (type === "change-email") return;
          // A confirmed address needs no confirming, and its code would sign in (better-auth's verify-email does): not
          // sent, with the same answer as ever, so nobody learns which addresses are confirmed.
          if (type === "email-verification" && (await isConfirmed(db, email))) return;
          await mailer.send({ to: email, ...await emailTemplates.oneTimeCode(otp, type) });
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

async function isConfirmed(db: Database, email: string) {
  const [account] = await db.select({ confirmed: schema.user.emailVerified }).from(schema.user).where(eq(schema.user.email, email.toLowerCase()));
  return account?.confirmed === true;
}

