// "Last active" in the sessions list (/settings/personal): when each session was last used. Most requests never reach
// the database for their session (the signed copy in the cookie, decision 005), so the time is written on the side,
// at most once every few minutes per session, without holding the request up.
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { session as sessionTable } from "../db/schema.ts";
import type { Clock } from "../http/app-env.ts";
import type { Logger } from "../logger.ts";

/** How stale "last active" may be: fine for "5 minutes ago", and one write per session per interval at most. */
export const LAST_SEEN_PRECISION_MS = 5 * 60 * 1000;
const MAX_REMEMBERED = 50_000;

export function createSessionToucher(deps: { db: Database; clock: Clock; logger: Logger }) {
  /** When this instance last wrote each session's time, by the app's clock. */
  const writtenAt = new Map<string, number>();
  return ({ session }: { session: { id: string } }) => {
    const id = session.id;
    const now = deps.clock.now().getTime();
    const last = writtenAt.get(id);
    // A clock set back (now < last) writes again rather than waiting for it to catch up.
    if (last !== undefined && now >= last && now - last < LAST_SEEN_PRECISION_MS) return;
    if (writtenAt.size >= MAX_REMEMBERED) writtenAt.clear();
    writtenAt.set(id, now);
    deps.db
      .update(sessionTable)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessionTable.id, id))
      .catch((error: unknown) => deps.logger.warn("Could not note when a session was last used", error));
  };
}
