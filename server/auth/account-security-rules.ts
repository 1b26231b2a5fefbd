// Rules better-auth's own endpoints follow in Holdup, for a person's account (the team rules are in
// team-membership-rules.ts). Decision 032.
// - The second factor holds for every way to a session. better-auth's twoFactor plugin asks for it after a password
//   (/sign-in/email) only; a code sent by e-mail (/sign-in/email-otp), confirming an address by code or link
//   (/email-otp/verify-email, /verify-email: better-auth signs the person in) and whatever a plugin adds later open
//   sessions it leaves alone, and whoever reads someone's mail would pass without their authenticator app. So the
//   plugin's own challenge (its after-hook: the session just made is dropped, a short-lived "two_factor" cookie is
//   set, the answer says twoFactorRedirect) runs after every endpoint that opened a session for someone who was not
//   already signed in as that person — all but the second step's own endpoints and the device grant's token, which a
//   person approved from a session that had passed it (decision 042).
// - Changing one's e-mail goes through POST /api/account/email, which asks for the password first: with better-auth's
//   /change-email alone, a session left open on a shared computer could move the account to another address, then
//   reset its password from there.
// - The sessions list goes through GET /api/account/sessions, which never shows a session's token.
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import type { twoFactor } from "better-auth/plugins";
import { paths } from "../../common/paths.ts";

/**
 * The endpoints that open a session without asking for the second factor, and why: the second step itself, and the
 * device grant's token (approved at /device by a person signed in past the second step).
 */
export const SESSIONS_WITHOUT_SECOND_FACTOR = ["/two-factor/verify-totp", "/two-factor/verify-backup-code", "/two-factor/verify-otp", "/device/token"];

/** Where a confirmation link sends a person whose account asks for its second factor: the sign-in page's second step. */
export const SECOND_STEP_PAGE = `${paths.login}?step=second-factor`;

/** better-auth endpoints that a browser may not call directly, and where it should go instead. */
export const ACCOUNT_ENDPOINTS_CLOSED_TO_BROWSERS: Record<string, string> = {
  "/change-email": "Change your e-mail address in your personal settings: it asks for your password",
  // It answers every session's token: a script injected into a page could carry off all of a person's devices'
  // sessions at once. Holdup's list (GET /api/account/sessions) gives ids only.
  "/list-sessions": "See the devices signed in to your account in your personal settings",
};

/** The twoFactor plugin's challenge, as an answer: the first step passed, the second is asked for. */
const isChallenge = (answer: unknown) => typeof answer === "object" && answer !== null && "twoFactorRedirect" in answer && answer.twoFactorRedirect === true;

export function accountSecurityRules(secondFactor: ReturnType<typeof twoFactor>) {
  const [challenge] = secondFactor.hooks.after;
  if (!challenge) throw new Error("better-auth's twoFactor plugin no longer has its sign-in hook: account-security-rules.ts needs a look");
  return {
    id: "holdup-account-security-rules",
    hooks: {
      before: [
        {
          // A browser's request (Holdup's own routes call auth.api, without one).
          matcher: (context) => context.request !== undefined && (context.path ?? "") in ACCOUNT_ENDPOINTS_CLOSED_TO_BROWSERS,
          handler: createAuthMiddleware(async (ctx) => {
            throw new APIError("FORBIDDEN", { code: "NOT_ALLOWED_IN_HOLDUP", message: ACCOUNT_ENDPOINTS_CLOSED_TO_BROWSERS[ctx.path] });
          }),
        },
      ],
      after: [
        {
          // A session opened for someone with the second factor on, who was not already signed in as that person
          // (past the second step: a session renewed or replaced while they are, turning the factor on or changing
          // the password, asks nothing more).
          matcher: (context) => {
            const opened = context.context.newSession;
            return !SESSIONS_WITHOUT_SECOND_FACTOR.includes(context.path ?? "") && opened?.user.twoFactorEnabled === true && context.context.session?.user.id !== opened.user.id;
          },
          handler: challenge.handler,
        },
        {
          // A confirmation link is opened in a browser, which would show the challenge's JSON: it goes to the second
          // step instead (the "two_factor" cookie the challenge set comes with the redirect).
          matcher: (context) => context.path === "/verify-email" && isChallenge(context.context.returned),
          handler: createAuthMiddleware(async (ctx) => {
            throw ctx.redirect(SECOND_STEP_PAGE);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
