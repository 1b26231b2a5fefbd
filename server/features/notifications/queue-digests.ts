// The daily digest, for people who chose it instead of single e-mails: at the start of their working day (their own
// days, hours and zone), one e-mail of what waits on them and what changed. Decided with the reminders (every minute),
// once a day: the day is noted on the profile in the transaction that queues the e-mail, and the delivery's key
// names the person and the day.
import { and, eq, isNull, or, sql } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import { isWithinWorkingHours } from "../../../common/working-hours.ts";
import { deliveries, profiles } from "../../db/schema.ts";
import type { ChangeDependencies } from "../blockers/change-blocker.ts";
import { DELIVER_EMAIL_QUEUE, DELIVERY_JOB_EXPIRY } from "./queue-deliveries.ts";

const localDate = (moment: Date, timezone: string) => Temporal.Instant.fromEpochMilliseconds(moment.getTime()).toZonedDateTimeISO(timezone).toPlainDate().toString();

/** Queues the digests due at `now`; answers how many. */
export async function queueDueDigests(deps: ChangeDependencies, now: Date): Promise<number> {
  // Everyone who chose the digest and has not had today's (by any zone's today: the exact check is per person).
  const candidates = await deps.db
    .select({ id: profiles.id, timezone: profiles.timezone, workingHours: profiles.workingHours, lastDigestOn: profiles.lastDigestOn })
    .from(profiles)
    .where(and(sql`(${profiles.notificationPreferences} ->> 'dailyDigest')::boolean`, sql`${profiles.authId} is not null`, or(isNull(profiles.lastDigestOn), sql`${profiles.lastDigestOn} < ${localDate(now, "Pacific/Kiritimati")}::date`)));
  let queued = 0;
  for (const person of candidates) {
    const today = localDate(now, person.timezone);
    // At work now: the first minute of their day sends it (a server that was down then sends it when it is back).
    if (person.lastDigestOn === today || !isWithinWorkingHours(now, person.timezone, person.workingHours)) continue;
    await deps.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(profiles)
        .set({ lastDigestOn: today })
        .where(and(eq(profiles.id, person.id), or(isNull(profiles.lastDigestOn), sql`${profiles.lastDigestOn} < ${today}::date`)))
        .returning({ id: profiles.id });
      if (!claimed) return;
      const [delivery] = await tx
        .insert(deliveries)
        .values({ idempotencyKey: `digest:${person.id}:${today}:email`, channel: "email", profileId: person.id, kind: "digest", createdAt: now })
        .onConflictDoNothing({ target: deliveries.idempotencyKey })
        .returning({ id: deliveries.id });
      if (delivery) await deps.jobs.sendWithin(tx, DELIVER_EMAIL_QUEUE, { deliveryId: delivery.id }, { ...deps.jobs.emailRetries, ...DELIVERY_JOB_EXPIRY });
      queued += 1;
    });
  }
  return queued;
}
