// The token of the invitation link someone followed (/signup?invite=…), kept through sign-up, sign-in and the
// e-mail confirmation until onboarding accepts the invitation. Without a confirmed e-mail address it is what
// proves the invitation is theirs (docs/decisions/018-team-membership-rules.md).
import { recordIdSchema } from "@/common/profile";

const INVITATION_TOKEN_KEY = "holdup.invitation-token";

/** Whether a link's `invite` is a token (older links carried the invited address instead). */
export const isInvitationToken = (invite: string) => recordIdSchema.safeParse(invite).success;

/** Keeps a token from a link; anything that is not one (an old link's e-mail address, say) is ignored. */
export function rememberInvitationToken(token: string | null) {
  if (!token || !isInvitationToken(token)) return;
  try {
    localStorage.setItem(INVITATION_TOKEN_KEY, token);
  } catch {
    // storage blocked: the page that has the token in its address still sends it
  }
}

export function readInvitationToken(): string | undefined {
  try {
    const token = localStorage.getItem(INVITATION_TOKEN_KEY);
    return token && recordIdSchema.safeParse(token).success ? token : undefined;
  } catch {
    return undefined;
  }
}

export function forgetInvitationToken() {
  try {
    localStorage.removeItem(INVITATION_TOKEN_KEY);
  } catch {
    // storage blocked: nothing was kept
  }
}
