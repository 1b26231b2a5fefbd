// A /support form request: counted against the limits, stored, then mailed to the support address (decision 014).
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { SUPPORT_REQUEST_LIMIT, type SupportRequest } from "../../../common/support.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { profiles, supportRequests } from "../../db/schema.ts";
import type { Clock } from "../../http/app-env.ts";
import type { Logger } from "../../logger.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { emailTemplates } from "../../mail/templates.ts";

type Dependencies = { db: Database; mailer: Mailer; logger: Logger; clock: Clock; config: Pick<Config, "supportEmail"> };

export type SupportRequestOutcome = { received: true; id: string; receivedAt: Date } | { received: false; retryAfterSeconds: number };

// Advisory lock namespaces (the two-key form, apart from the one-key locks used elsewhere).
const CLIENT_LOCK = 14_001;
const EMAIL_LOCK = 14_002;

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** 0 while `key` is under `limit` in the window; otherwise the seconds until the request that keeps it at the limit leaves the window. */
async function secondsUntilAllowed(tx: Transaction, column: typeof supportRequests.clientKey | typeof supportRequests.email, key: string, limit: number, now: Date) {
  const windowMs = SUPPORT_REQUEST_LIMIT.windowSeconds * 1000;
  const newest = await tx
    .select({ createdAt: supportRequests.createdAt })
    .from(supportRequests)
    .where(and(eq(column, key), gt(supportRequests.createdAt, new Date(now.getTime() - windowMs))))
    .orderBy(desc(supportRequests.createdAt))
    .limit(limit);
  const leaving = newest[limit - 1];
  if (!leaving) return 0;
  return Math.max(1, Math.ceil((leaving.createdAt.getTime() + windowMs - now.getTime()) / 1000));
}

export async function sendSupportRequest(deps: Dependencies, request: SupportRequest, sender: { clientKey: string; authId: string | undefined }) {
  const now = deps.clock.now();
  const [profile] = sender.authId
    ? await deps.db.select({ id: profiles.id, email: profiles.email }).from(profiles).where(eq(profiles.authId, sender.authId)).limit(1)
    : [];

  const outcome = await deps.db.transaction(async (tx): Promise<SupportRequestOutcome> => {
    // One request at a time per client and per address, so that parallel requests cannot all slip under a limit.
    // Always client first, then address: two requests never hold one lock each while waiting for the other's.
    await tx.execute(sql`select pg_advisory_xact_lock(${CLIENT_LOCK}::int, hashtext(${sender.clientKey}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(${EMAIL_LOCK}::int, hashtext(${request.email}))`);
    const wait = Math.max(
      await secondsUntilAllowed(tx, supportRequests.clientKey, sender.clientKey, SUPPORT_REQUEST_LIMIT.perClient, now),
      await secondsUntilAllowed(tx, supportRequests.email, request.email, SUPPORT_REQUEST_LIMIT.perEmail, now),
    );
    if (wait > 0) return { received: false, retryAfterSeconds: wait };
    const [stored] = await tx
      .insert(supportRequests)
      .values({ ...request, profileId: profile?.id ?? null, clientKey: sender.clientKey, createdAt: now })
      .returning({ id: supportRequests.id, createdAt: supportRequests.createdAt });
    if (!stored) throw new Error("the support request was not inserted");
    return { received: true, id: stored.id, receivedAt: stored.createdAt };
  });
  if (!outcome.received) return outcome;

  // Stored and committed: from here on a failure costs only the mail, which the empty mailed_at shows.
  try {
    await deps.mailer.send({
      to: deps.config.supportEmail,
      replyTo: request.email,
      ...await emailTemplates.supportRequest({ ...request, id: outcome.id, receivedAt: outcome.receivedAt, signedIn: profile ? { profileId: profile.id, accountEmail: profile.email } : null }),
    });
    await deps.db.update(supportRequests).set({ mailedAt: deps.clock.now() }).where(eq(supportRequests.id, outcome.id));
  } catch (error) {
    deps.logger.error(`Support request ${outcome.id} is stored but could not be mailed to ${deps.config.supportEmail}`, error);
  }
  return outcome;
}
