// The session of a tray or a browser extension (decision 042). Its token comes as `Authorization: Bearer …` and is
// read from the database on every request: a device makes a handful (its event stream, a click), so there is little
// to keep, and a revoked device is refused at its very next request. Only sessions the device grant made (marked
// with their client) are accepted: a browser's session token, were one ever to leak, opens nothing through this.
import { eq } from "drizzle-orm";
import { isDeviceClient, type DeviceClientId } from "../../common/devices.ts";
import type { Database } from "../db/client.ts";
import { session as sessionTable, user as userTable } from "../db/schema.ts";
import type { Clock, SignedInSession, SignedInUser } from "../http/app-env.ts";
import { DAY_MS } from "../../common/durations.ts";

/** A device in use stays signed in; one unused this long signs in again. */
export const DEVICE_SESSION_DAYS = 90;

/** better-auth's session tokens are 32 letters and digits; anything far from that is not looked up. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

export type DeviceSession = { user: SignedInUser; session: SignedInSession; client: DeviceClientId };
export type DeviceSessionReader = (token: string) => Promise<DeviceSession | undefined>;

export function createDeviceSessionReader({ db, clock, onRead }: { db: Database; clock: Clock; onRead?: (found: DeviceSession) => void }): DeviceSessionReader {
  return async (token) => {
    if (!TOKEN_PATTERN.test(token)) return undefined;
    const [row] = await db.select({ session: sessionTable, user: userTable }).from(sessionTable).innerJoin(userTable, eq(userTable.id, sessionTable.userId)).where(eq(sessionTable.token, token)).limit(1);
    const client = row?.session.client;
    if (!row || !isDeviceClient(client)) return undefined;
    const now = clock.now().getTime();
    if (row.session.expiresAt.getTime() <= now) return undefined;
    // Sliding expiry, written at most once a day: the grant's session starts with better-auth's week, and the first
    // request makes it the device's DEVICE_SESSION_DAYS.
    if (row.session.expiresAt.getTime() - now < DEVICE_SESSION_DAYS * DAY_MS - DAY_MS) {
      const expiresAt = new Date(now + DEVICE_SESSION_DAYS * DAY_MS);
      await db.update(sessionTable).set({ expiresAt }).where(eq(sessionTable.id, row.session.id));
      row.session.expiresAt = expiresAt;
    }
    const found = { user: row.user as SignedInUser, session: row.session as SignedInSession, client };
    onRead?.(found);
    return found;
  };
}

/** The token of an `Authorization: Bearer …` header, or undefined. */
export const bearerToken = (header: string | undefined) => (header === undefined ? undefined : /^Bearer +(\S+) *$/i.exec(header)?.[1]);
