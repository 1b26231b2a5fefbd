// Rules better-auth's own endpoints follow in Holdup, for a person's account (the team rules are in
// team-membership-rules.ts). Decision 032.
// - The second factor holds for every way of signing in. better-auth's twoFactor plugin asks for it after a password
//   (/sign-in/email); Holdup also signs people in with a code sent by e-mail (/sign-in/email-otp), which the plugin
//   leaves alone: whoever reads someone's mail would pass without their authenticator app. So the plugin's own
//   challenge (its after-hook: the session just made is dropped, a short-lived "two_factor" cookie is set, the answer
//   says twoFactorRedirect) runs after a code sign-in too.
// - Changing one's e-mail goes through POST /api/account/email, which asks for the password first: with better-auth's
//   /change-email alone, a session left open on a shared computer could move the account to another address, then
//   reset its password from there.
// - The sessions list goes through GET /api/account/sessions, which never shows a session's token.
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import type { twoFactor } from "better-auth/plugins";

/** Holdup's sign-ins that the twoFactor plugin does not watch itself. */
export const SIGN_INS_NEEDING_SECOND_FACTOR = ["/sign-in/email-otp"];

/** better-auth endpoints that a browser may not call directly, and where it should go instead. */
export const ACCOUNT_ENDPOINTS_CLOSED_TO_BROWSERS: Record<string, string> = {
  "/change-email": "Change your e-mail address in your personal settings: it asks for your password",
  // It answers every session's token: a script injected into a page could carry off all of a person's devices'
  // sessions at once. Holdup's list (GET /api/account/sessions) gives ids only.
  "/list-sessions": "See the devices signed in to your account in your personal settings",
};

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
      after: [{ matcher: (context) => SIGN_INS_NEEDING_SECOND_FACTOR.includes(context.path ?? ""), handler: challenge.handler }],
    },
  } satisfies BetterAuthPlugin;
}
