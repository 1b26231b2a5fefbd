// Signing out other devices from /settings/personal: one session, or all but this one. Through better-auth, so its
// hooks run: the session ends at once on every instance, its event streams included (decision 032).
import { and, eq } from "drizzle-orm";
import type { Auth } from "../../auth/auth.ts";
import type { Database } from "../../db/client.ts";
import { session } from "../../db/schema.ts";
import { Refusal } from "../../http/refusal.ts";

export async function signOutDevice(deps: { auth: Auth; db: Database }, viewer: { userId: string; sessionId: string; headers: Headers }, sessionId: string) {
  if (sessionId === viewer.sessionId) throw new Refusal(409, "current_session", "This is the device you are using: sign out from the menu instead");
  const [found] = await deps.db
    .select({ token: session.token })
    .from(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, viewer.userId)));
  // Someone else's session answers as one that does not exist.
  if (!found) throw new Refusal(404, "session_not_found", "This session has already ended");
  await deps.auth.api.revokeSession({ body: { token: found.token }, headers: viewer.headers });
}

export async function signOutOtherDevices(auth: Auth, headers: Headers) {
  await auth.api.revokeOtherSessions({ headers });
}

/** A tray or browser extension signing itself out with its own token (POST /api/v1/me/sign-out): the same hooks run. */
export async function signOutThisDevice(auth: Auth, token: string) {
  const context = await auth.$context;
  await context.internalAdapter.deleteSession(token);
}
