// The second factor holds for every way of signing in. better-auth's twoFactor plugin asks for it after a password
// (/sign-in/email); Holdup also signs people in with a code sent by e-mail (/sign-in/email-otp), which the plugin
// leaves alone: whoever reads someone's mail would pass without their authenticator app. So the plugin's own
// challenge (its after-hook: the session just made is dropped, a short-lived "two_factor" cookie is set, the answer
// says twoFactorRedirect) runs after a code sign-in too. Decision 032.
import type { BetterAuthPlugin } from "better-auth";
import type { twoFactor } from "better-auth/plugins";

/** Holdup's sign-ins that the twoFactor plugin does not watch itself. */
export const SIGN_INS_NEEDING_SECOND_FACTOR = ["/sign-in/email-otp"];

export function secondFactorRules(plugin: ReturnType<typeof twoFactor>) {
  const [challenge] = plugin.hooks.after;
  if (!challenge) throw new Error("better-auth's twoFactor plugin no longer has its sign-in hook: second-factor-rules.ts needs a look");
  return {
    id: "holdup-second-factor-rules",
    hooks: {
      after: [{ matcher: (context) => SIGN_INS_NEEDING_SECOND_FACTOR.includes(context.path ?? ""), handler: challenge.handler }],
    },
  } satisfies BetterAuthPlugin;
}
