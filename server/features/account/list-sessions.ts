// The sessions list of /settings/personal: every device signed in to the account, with what it is and when it was
// last used — a browser, or Holdup's tray or browser extension (their `client`: decision 042). Ids only: a session's
// token never leaves the server in a list.
import Bowser from "bowser";
import { isDeviceClient } from "../../../common/devices.ts";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { session } from "../../db/schema.ts";

export type Device = { browser: string | null; os: string | null; kind: "desktop" | "mobile" | "tablet" | "other" };

/** "Firefox 132" on "macOS 15" (a desktop): what a person recognises their devices by. */
export function deviceOf(userAgent: string | null): Device {
  if (!userAgent) return { browser: null, os: null, kind: "other" };
  const parsed = Bowser.parse(userAgent.slice(0, 1000));
  const major = parsed.browser.version?.split(".")[0];
  const browser = parsed.browser.name ? [parsed.browser.name, major].filter(Boolean).join(" ") : null;
  const os = parsed.os.name ? [parsed.os.name, parsed.os.versionName ?? parsed.os.version?.split(".")[0]].filter(Boolean).join(" ") : null;
  const platform = parsed.platform.type;
  const kind = platform === "desktop" || platform === "mobile" || platform === "tablet" ? platform : "other";
  return { browser, os, kind };
}

export async function listSessions(db: Database, userId: string, currentSessionId: string, now: Date) {
  const lastActive = sql<Date>`coalesce(${session.lastSeenAt}, ${session.createdAt})`.mapWith(session.createdAt);
  const rows = await db
    .select({ id: session.id, createdAt: session.createdAt, lastActiveAt: lastActive, userAgent: session.userAgent, client: session.client })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, now)))
    .orderBy(desc(lastActive));
  // The session in use first, then the most recently used.
  const sessions = rows.map(({ userAgent, client, ...row }) => ({ ...row, current: row.id === currentSessionId, device: deviceOf(userAgent), client: isDeviceClient(client) ? client : null }));
  return { sessions: [...sessions.filter((each) => each.current), ...sessions.filter((each) => !each.current)] };
}
