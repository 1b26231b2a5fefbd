// Sign-up, sign-in and password rules shared by the server (which enforces them) and the web forms.
import { z } from "zod";

/** The specification's e-mail rule: text, an at sign, text, a dot and text, with no whitespace (nor control characters). */
export const EMAIL_PATTERN = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;
/**
 * The longest address SMTP can carry (RFC 5321). Without it, a 500,000-character "address" passed the pattern and
 * reached the database in every query better-auth and the attempt limits make with it (a 500 when PostgreSQL could
 * not index it; docs/decisions/021-memory-under-load.md).
 */
export const EMAIL_MAX_LENGTH = 254;
export const isEmail = (value: string) => value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, `Use at most ${EMAIL_MAX_LENGTH} characters`)
  .regex(EMAIL_PATTERN, "Enter a valid e-mail address");

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** The specification's own messages (§5), word for word. */
export const authMessages = {
  credentialsRequired: "You must provide either an email or phone number and a password",
  emailRequired: "You must provide either an email or phone number.",
  emailAndTypeRequired: "You must provide either an email or phone number and a type",
} as const;

/** Why a password was refused; the web form shows a sentence for each (locales: auth.weakPassword.*). */
export const weakPasswordReasons = ["length", "too_long", "common", "guessable"] as const;
export type WeakPasswordReason = (typeof weakPasswordReasons)[number];

/** What "resend" can send again: the sign-up confirmation link, or a one-time code of a given purpose. */
export const resendTypes = ["signup", "sign-in", "email-verification", "forget-password"] as const;

export const signOutScopes = ["global", "local"] as const;
export type SignOutScope = (typeof signOutScopes)[number];

/**
 * What Holdup counts per e-mail address and per client (server/auth/attempt-limits.ts):
 * - password: failed password checks (sign-in, change of password);
 * - code: failed checks of a one-time code or an e-mailed link's token, across codes (a new code does not
 *   start a new count);
 * - email: e-mails sent on request (confirmation, codes, reset links), across every endpoint that sends one;
 * - second-factor: failed checks of an authenticator app's code or a backup code, counted like passwords;
 * - avatar: pictures uploaded (each is decoded and re-encoded: work an attacker would repeat);
 * - api-key: wrong API keys, per client;
 * - github-signature: GitHub deliveries with a bad or missing signature, per client and connection (decision 041);
 * - device-code: a tray's or extension's device code, or the code a person types at /device, that is wrong, spent or
 *   expired (decision 042).
 */
export const authAttemptKinds = ["password", "code", "email", "second-factor", "avatar", "api-key", "github-signature", "device-code"] as const;
export type AuthAttemptKind = (typeof authAttemptKinds)[number];

export type AttemptLimit = { perEmail: number; perClient: number; windowSeconds: number };

/** Within each window: this many per e-mail address (from any client), this many per client (for any address). */
export const ATTEMPT_LIMITS: Record<AuthAttemptKind, AttemptLimit> = {
  password: { perEmail: 5, perClient: 30, windowSeconds: 15 * 60 },
  // Six digits, three tries per code: ten failures an hour leave a guesser one chance in 100,000 a day.
  code: { perEmail: 10, perClient: 30, windowSeconds: 60 * 60 },
  email: { perEmail: 5, perClient: 20, windowSeconds: 60 * 60 },
  "second-factor": { perEmail: 5, perClient: 30, windowSeconds: 15 * 60 },
  avatar: { perEmail: 10, perClient: 30, windowSeconds: 60 * 60 },
  // A key is 64 random letters: guessing is hopeless, but a client sending wrong keys is refused all the same.
  "api-key": { perEmail: 0, perClient: 30, windowSeconds: 15 * 60 },
  // A webhook secret is 32 random bytes: the limit spares the server, and a team whose GitHub still has an old secret
  // is refused alone (the count is per connection too), never the GitHub addresses every team's deliveries come from.
  "github-signature": { perEmail: 0, perClient: 30, windowSeconds: 15 * 60 },
  // A user code is 8 of 32 characters (10^12): the limit makes guessing one hopeless within its 10 minutes.
  "device-code": { perEmail: 10, perClient: 30, windowSeconds: 15 * 60 },
};
