// The daily digest's e-mail ("You're holding up 3 people: …"): the open blockers waiting on the person, in every team
// they are in, with who waits and since when; and what happened since their last digest. Nothing to say: not sent.
import { and, count, desc, eq, gt, inArray, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import { paths } from "../../../common/paths.ts";
import type { Database } from "../../db/client.ts";
import { blockedUsers, blockers, blockingUsers, deliveries, member, notifications, profiles } from "../../db/schema.ts";
import type { Mail } from "../../mail/mailer.ts";
import { emailTemplates } from "../../mail/templates.ts";
import { DIGEST_EVENT, turnOffLink } from "../email-links/create-email-links.ts";
import { DAY_MS } from "../../../common/durations.ts";

const SHOWN = 10;

/** "since yesterday", counted in the reader's calendar. */
function waitedFor(since: Date, now: Date, timezone: string) {
  const dayOf = (moment: Date) => Temporal.Instant.fromEpochMilliseconds(moment.getTime()).toZonedDateTimeISO(timezone).toPlainDate();
  const days = dayOf(since).until(dayOf(now)).days;
  return days <= 0 ? "since today" : days === 1 ? "since yesterday" : `for ${days} days`;
}

/** The digest as of the moment it was decided (`delivery.createdAt`), however late its sending. */
export async function composeDigestEmail(deps: { db: Database; secret: string; appUrl: string }, delivery: { id: string; profileId: string; createdAt: Date }, sentAt: Date): Promise<Mail | null> {
  const { db } = deps;
  const now = delivery.createdAt;
  const [person] = await db.select().from(profiles).where(eq(profiles.id, delivery.profileId));
  if (!person?.authId || !person.email) return null;
  const waiting = await db
    .select({ id: blockers.id, title: blockers.title, createdAt: blockers.createdAt })
    .from(blockingUsers)
    .innerJoin(blockers, and(eq(blockers.id, blockingUsers.blockerId), eq(blockers.status, "open")))
    .innerJoin(member, and(eq(member.organizationId, blockers.organizationId), eq(member.userId, person.authId)))
    .where(and(eq(blockingUsers.profileId, person.id), eq(blockingUsers.status, "pending")))
    .orderBy(blockers.createdAt);
  const waitingPeople =
    waiting.length === 0
      ? []
      : await db
          .select({ blockerId: blockedUsers.blockerId, name: sql<string>`coalesce(nullif(${profiles.fullName}, ''), ${profiles.email})` })
          .from(blockedUsers)
          .innerJoin(profiles, eq(profiles.id, blockedUsers.profileId))
          .where(inArray(blockedUsers.blockerId, waiting.map((blocker) => blocker.id)));
  const [previous] = await db
    .select({ at: deliveries.createdAt })
    .from(deliveries)
    .where(and(eq(deliveries.profileId, person.id), eq(deliveries.kind, "digest"), ne(deliveries.id, delivery.id)))
    .orderBy(desc(deliveries.createdAt))
    .limit(1);
  const since = previous?.at ?? new Date(now.getTime() - DAY_MS);
  // What happened in the teams they are still in: a team they left says nothing more to them.
  const changes = await db
    .select({ type: notifications.type, total: count() })
    .from(notifications)
    .leftJoin(blockers, eq(blockers.id, notifications.blockerId))
    .leftJoin(member, and(eq(member.organizationId, blockers.organizationId), eq(member.userId, person.authId)))
    .where(and(eq(notifications.profileId, person.id), gt(notifications.createdAt, since), or(isNull(notifications.blockerId), isNotNull(member.id))))
    .groupBy(notifications.type);
  if (waiting.length === 0 && changes.length === 0) return null;

  const people = new Set(waitingPeople.map((row) => row.name));
  const lines = waiting.slice(0, SHOWN).map((blocker) => {
    const names = waitingPeople.filter((row) => row.blockerId === blocker.id).map((row) => row.name);
    return `“${blocker.title}” — ${names.join(", ")} waiting ${waitedFor(blocker.createdAt, now, person.timezone)}`;
  });
  if (waiting.length > SHOWN) lines.push(`…and ${waiting.length - SHOWN} more.`);
  const unsubscribe = await turnOffLink(deps, { deliveryId: delivery.id, profileId: person.id, event: DIGEST_EVENT }, sentAt);
  const content = await emailTemplates.digest({
    holdingUp: people.size,
    blockers: waiting.length,
    lines,
    changes: changes.map((change) => ({ type: change.type, count: change.total })),
    dashboardUrl: new URL(paths.dashboard, deps.appUrl).toString(),
    unsubscribe,
  });
  return { to: person.email, ...content };
}
