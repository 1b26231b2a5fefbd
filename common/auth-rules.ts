// Sign-up, sign-in and password rules shared by the server (which enforces them) and the web forms.
import { z } from "zod";

/** The specification's e-mail rule: text, an at sign, text, a dot and text, with no whitespace (nor control characters). */
export const EMAIL_PATTERN = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;
export const isEmail = (value: string) => EMAIL_PATTERN.test(value);
export const emailSchema = z.string().trim().toLowerCase().regex(EMAIL_PATTERN, "Enter a valid e-mail address");

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

/** Sign-in failures allowed per e-mail address (and, more loosely, per network address) in the window. */
export const SIGN_IN_FAILURE_LIMIT = { perEmail: 5, perAddress: 30, windowSeconds: 15 * 60 } as const;
