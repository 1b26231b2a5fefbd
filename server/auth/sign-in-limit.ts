// Slows down password guessing: after too many failed sign-ins for one e-mail (or from one address)
// within the window, sign-in answers 429 with Retry-After until the oldest failure leaves the window.
import { and, asc, count, eq, gt, lt } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import { isEmail, SIGN_IN_FAILURE_LIMIT } from "../../common/auth-rules.ts";
import type { Database } from "../db/client.ts";
import { signInFailures } from "../db/schema.ts";
import type { Clock } from "../http/app-env.ts";
import { remoteAddress } from "../http/client-address.ts";

const FAILURE_CODES = new Set(["INVALID_EMAIL_OR_PASSWORD", "INVALID_OTP", "OTP_EXPIRED", "TOO_MANY_ATTEMPTS"]);

async function retryAfterSeconds(db: Database, column: typeof signInFailures.email | typeof signInFailures.ipAddress, key: string, limit: number, now: Date) {
  const windowStart = new Date(now.getTime() - SIGN_IN_FAILURE_LIMIT.windowSeconds * 1000);
  const inWindow = and(eq(column, key), gt(signInFailures.failedAt, windowStart));
  const [row] = await db.select({ failures: count() }).from(signInFailures).where(inWindow);
  if ((row?.failures ?? 0) < limit) return 0;
  // The limit lifts when enough failures age out: at the (failures - limit + 1)-th oldest one.
  const [oldest] = await db
    .select({ failedAt: signInFailures.failedAt })
    .from(signInFailures)
    .where(inWindow)
    .orderBy(asc(signInFailures.failedAt))
    .offset((row?.failures ?? 0) - limit)
    .limit(1);
  const liftsAt = (oldest?.failedAt.getTime() ?? now.getTime()) + SIGN_IN_FAILURE_LIMIT.windowSeconds * 1000;
  return Math.max(1, Math.ceil((liftsAt - now.getTime()) / 1000));
}

export const limitFailedSignIns = (db: Database, clock: Clock) =>
  createMiddleware(async (c, next) => {
    const body: unknown = await c.req.raw.clone().json().catch(() => ({}));
    const rawEmail = typeof body === "object" && body !== null && "email" in body ? body.email : undefined;
    // Malformed addresses are refused by the validation hook further on; there is nothing to count for them.
    if (typeof rawEmail !== "string" || !isEmail(rawEmail.trim())) return next();
    const email = rawEmail.trim().toLowerCase();
    const ipAddress = remoteAddress(c);
    const now = clock.now();

    const wait = Math.max(
      await retryAfterSeconds(db, signInFailures.email, email, SIGN_IN_FAILURE_LIMIT.perEmail, now),
      await retryAfterSeconds(db, signInFailures.ipAddress, ipAddress, SIGN_IN_FAILURE_LIMIT.perAddress, now),
    );
    if (wait > 0) {
      c.header("Retry-After", String(wait));
      return c.json({ code: "too_many_requests", message: `Too many failed sign-in attempts. Try again in ${Math.ceil(wait / 60)} minute(s).`, retryAfter: wait }, 429);
    }

    await next();

    if (c.res.status === 200) {
      await db.delete(signInFailures).where(eq(signInFailures.email, email));
    } else if (c.res.status === 401 || c.res.status === 400) {
      const answer: unknown = await c.res.clone().json().catch(() => ({}));
      const code = typeof answer === "object" && answer !== null && "code" in answer ? answer.code : undefined;
      if (c.res.status === 401 || (typeof code === "string" && FAILURE_CODES.has(code))) {
        await db.insert(signInFailures).values({ email, ipAddress, failedAt: now });
        // Old rows are worthless: trim them as we go instead of running a cleanup job.
        await db.delete(signInFailures).where(lt(signInFailures.failedAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
      }
    }
  });
