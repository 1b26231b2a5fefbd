// The better-auth instance: e-mail and password, one-time codes by e-mail, teams (organizations) and invitations.
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { emailOTP, organization } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import { authMessages, isEmail } from "../../common/auth-rules.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import * as schema from "../db/schema.ts";
import type { Mailer } from "../mail/mailer.ts";
import { emailTemplates } from "../mail/templates.ts";
import { paths } from "../../common/paths.ts";
import { findWeakPasswordReasons } from "./password-strength.ts";

export type AuthDependencies = {
  config: Pick<Config, "appUrl" | "requireEmailVerification" | "logLevel">;
  secret: string;
  db: Database;
  mailer: Mailer;
};

/** How long a session read from the signed cookie is trusted before the database is asked again. */
export const SESSION_COOKIE_CACHE_SECONDS = 60;

const nonEmptyString = (value: unknown): value is string => typeof value === "string" && value.trim() !== "";

function badRequest(code: string, message: string, extra: Record<string, unknown> = {}): APIError {
  return new APIError("BAD_REQUEST", { code, message, ...extra });
}

/**
 * Runs before every better-auth endpoint, on the raw body, so that the specification's exact messages
 * (§5) and the weak-password answer are what the client gets, whatever better-auth would have said.
 */
const validateAuthRequest = createAuthMiddleware(async (ctx) => {
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  switch (ctx.path) {
    case "/sign-up/email":
    case "/sign-in/email": {
      if (!nonEmptyString(body.email) || !nonEmptyString(body.password)) {
        throw badRequest("validation_failed", authMessages.credentialsRequired);
      }
      if (!isEmail(body.email.trim())) throw badRequest("email_address_invalid", "Enter a valid e-mail address", { field: "email" });
      if (ctx.path === "/sign-up/email") await refuseWeakPassword(body.password, [body.email]);
      return;
    }
    case "/email-otp/send-verification-otp":
    case "/sign-in/email-otp":
    case "/request-password-reset":
    case "/send-verification-email": {
      if (!nonEmptyString(body.email)) throw badRequest("validation_failed", authMessages.emailRequired);
      if (!isEmail(body.email.trim())) throw badRequest("email_address_invalid", "Enter a valid e-mail address", { field: "email" });
      return;
    }
    case "/reset-password":
    case "/change-password":
      if (nonEmptyString(body.newPassword)) await refuseWeakPassword(body.newPassword);
      return;
  }
});

async function refuseWeakPassword(password: string, userInputs: string[] = []) {
  const reasons = await findWeakPasswordReasons(password, userInputs);
  if (reasons.length > 0) {
    throw new APIError("UNPROCESSABLE_ENTITY", {
      code: "weak_password",
      message: "Password is too weak",
      field: "password",
      weak_password: { reasons },
    });
  }
}

export function createAuth({ config, secret, db, mailer }: AuthDependencies) {
  const link = (path: string) => new URL(path, config.appUrl).toString();
  return betterAuth({
    appName: "Holdup",
    baseURL: config.appUrl,
    basePath: "/api/auth",
    secret,
    logger: config.logLevel === "silent" ? { disabled: true } : { level: config.logLevel === "debug" ? "debug" : config.logLevel },
    trustedOrigins: [config.appUrl],
    database: drizzleAdapter(db, { provider: "pg", schema }),
    // Our own limiter (sign-in-limit.ts) counts failures in the database so it holds across instances.
    rateLimit: { enabled: false },
    session: {
      // The signed session cookie is trusted for a minute, sparing a database read on most requests.
      // The price: a session revoked elsewhere keeps working for at most that minute.
      cookieCache: { enabled: true, maxAge: SESSION_COOKIE_CACHE_SECONDS },
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
        await mailer.send({ to: user.email, ...emailTemplates.resetPassword(url) });
      },
    },
    emailVerification: {
      sendOnSignUp: config.requireEmailVerification,
      sendOnSignIn: config.requireEmailVerification,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send({ to: user.email, ...emailTemplates.verifyEmail(url) });
      },
    },
    user: {
      deleteUser: { enabled: false },
    },
    databaseHooks: {
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
          after: async (user) => {
            await db.update(schema.profiles).set({ email: user.email }).where(eq(schema.profiles.authId, user.id));
          },
        },
      },
    },
    hooks: { before: validateAuthRequest },
    plugins: [
      organization({
        creatorRole: "owner",
        invitationExpiresIn: 7 * 24 * 60 * 60,
        cancelPendingInvitationsOnReInvite: true,
        sendInvitationEmail: async ({ email, organization: team, inviter }) => {
          const url = link(`${paths.signup}?invite=${encodeURIComponent(email)}`);
          // The profile holds the current name; the session's copy of the user may be a minute old (cookie cache).
          const [inviterProfile] = await db.select({ fullName: schema.profiles.fullName }).from(schema.profiles).where(eq(schema.profiles.authId, inviter.user.id));
          await mailer.send({
            to: email,
            ...emailTemplates.invitation({ inviterName: inviterProfile?.fullName || inviter.user.email, teamName: team.name, url }),
          });
        },
      }),
      emailOTP({
        otpLength: 6,
        expiresIn: 5 * 60,
        allowedAttempts: 3,
        // A code signs in an existing account; new accounts sign up with a password.
        disableSignUp: true,
        sendVerificationOTP: async ({ email, otp, type }) => {
          if (type === "change-email") return;
          await mailer.send({ to: email, ...emailTemplates.oneTimeCode(otp, type) });
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

