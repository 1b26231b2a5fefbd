// A list item for blockers: the blocker with its people and their parts, and what the viewer may do with it.
// PostgreSQL builds a whole list as one JSON value (cardsJson): the cards, with the ids of their people, and the
// people themselves once each; the rules of what the viewer may do stay in TypeScript (allowedActions), applied
// here. One statement for a list however long, and little for the server to do with the answer (decision 025).
import { sql, type SQL } from "drizzle-orm";
import type { Member } from "../../http/app-env.ts";
import type { Database } from "../../db/client.ts";
import { jsonValue } from "../../db/prepared.ts";
import { allowedActions, nextManualNudgeAt, type Blocker, type BlockingEntry } from "./blocker-people.ts";
import { personOf, type PersonSummary } from "./people-summaries.ts";

/**
 * The cards of the blockers a query picks, as `{ cards, people }` JSON. `page` selects rows of blockers (every
 * column of `blockers`, plus a boolean `stalled`) ordered by `order`; `teamId` is the team people are members of
 * or not ("former member"). `createdAt` is kept as PostgreSQL wrote it (microseconds), so a cursor made from it
 * finds exactly the next card.
 */
export function cardsJson(page: SQL, order: string, teamId: string, keyColumns: string[] = []): SQL {
  // The values a list's order reads, per card, when it pages by them (list-dashboard.ts).
  const keys = keyColumns.length > 0 ? sql.raw(`, 'keys', json_build_object(${[...new Set(keyColumns)].map((column) => `'${column}', ${column}`).join(", ")})`) : sql``;
  const byOrder = sql.raw(order);
  // Every step probes by key (LATERAL … OFFSET 0 keeps a subquery one probe per row): a hash join would read
  // whole tables, which grow with every team's history.
  return sql`(with page as (${page}),
    cards as (select page.*, waits.waiting, parts.blocking, invitees.invited, array[page.created_by] || waits.ids || parts.ids as people_ids from page,
      lateral (select coalesce(json_agg(w.profile_id order by w.profile_id), '[]') as waiting, coalesce(array_agg(w.profile_id), '{}') as ids
        from blocked_users w where w.blocker_id = page.id offset 0) waits,
      lateral (select coalesce(json_agg(json_build_object('profileId', x.profile_id, 'status', x.status, 'snoozedUntil', x.snoozed_until,
          'lastNudgedAt', x.last_nudged_at, 'nextReminderAt', x.next_reminder_at, 'declineReason', x.decline_reason, 'suggestedProfileId', x.suggested_profile_id) order by x.profile_id), '[]') as blocking,
          coalesce(array_agg(x.profile_id), '{}') || coalesce(array_agg(x.suggested_profile_id) filter (where x.suggested_profile_id is not null), '{}') as ids
        from blocking_users x where x.blocker_id = page.id offset 0) parts,
      lateral (select coalesce(json_agg(i.email order by i.email), '[]') as invited from blocker_invitees i where i.blocker_id = page.id offset 0) invitees),
    mentioned as (select distinct unnest(people_ids) as person from cards)
  select json_build_object(
    'cards', coalesce((select json_agg(json_build_object(
        'id', id, 'title', title, 'priority', priority, 'status', status, 'createdBy', created_by,
        'createdAt', created_at, 'dueAt', due_at, 'resolvedAt', resolved_at, 'waiting', waiting, 'blocking', blocking, 'invited', invited${keys}
      ) order by ${byOrder}) from cards), '[]'),
    'people', coalesce((select json_object_agg(p.id, json_build_object('id', p.id, 'fullName', p.full_name, 'email', p.email, 'avatarUrl', p.avatar_url, 'awayUntil', p.away_until,
        'formerMember', not exists (select 1 from member m where m.user_id = p.auth_id and m.organization_id = ${teamId} offset 0)))
      from mentioned, lateral (select * from profiles where profiles.id = mentioned.person offset 0) p), '{}')
  ))`;
}

type Stamp = string | null;
/** A card as PostgreSQL wrote it (cardsJson). */
export type RawCard = {
  id: string;
  title: string;
  priority: Blocker["priority"];
  status: Blocker["status"];
  createdBy: string;
  createdAt: string;
  dueAt: Stamp;
  resolvedAt: Stamp;
  waiting: string[];
  /** People outside the team it will wait on once they join, by e-mail (invitees.ts). */
  invited: string[];
  /** The order's key values, when the list pages by them. */
  keys?: Record<string, unknown>;
  blocking: { profileId: string; status: BlockingEntry["status"]; snoozedUntil: Stamp; lastNudgedAt: Stamp; nextReminderAt: Stamp; declineReason: string | null; suggestedProfileId: string | null }[];
};
export type RawCards = { cards: RawCard[]; people: Record<string, PersonSummary> };

const dateOf = (stamp: Stamp) => (stamp === null ? null : new Date(stamp));

/** The cards as the API answers them: dates, everyone named, and what the viewer may do. */
export function cardsFromJson({ cards, people }: RawCards, viewer: Member, now: Date) {
  const known = new Map(Object.entries(people));
  return cards.map((raw) => {
    const blocking = raw.blocking.map((part) => ({ ...part, lastNudgedAt: dateOf(part.lastNudgedAt) }));
    return {
      id: raw.id,
      title: raw.title,
      priority: raw.priority,
      status: raw.status,
      createdAt: new Date(raw.createdAt),
      dueAt: dateOf(raw.dueAt),
      resolvedAt: dateOf(raw.resolvedAt),
      creator: personOf(known, raw.createdBy),
      waiting: raw.waiting.map((id) => personOf(known, id)),
      blocking: blocking.map((part) => ({
        person: personOf(known, part.profileId),
        status: part.status,
        snoozedUntil: dateOf(part.snoozedUntil),
        lastNudgedAt: part.lastNudgedAt,
        nextNudgeAt: nextManualNudgeAt(part, now),
        /** The next automatic nudge (server/features/reminders/plan-reminders.ts); null when none is to come. */
        nextReminderAt: part.status === "pending" ? dateOf(part.nextReminderAt) : null,
        declineReason: part.status === "declined" ? part.declineReason : null,
        suggested: part.status === "declined" && part.suggestedProfileId ? personOf(known, part.suggestedProfileId) : null,
      })),
      invited: raw.invited,
      can: allowedActions(viewer, raw, { waiting: raw.waiting, blocking }),
    };
  });
}

export type BlockerCard = ReturnType<typeof cardsFromJson>[number];

/**
 * The first time these cards would read or sort differently with nothing changed: a "next nudge allowed at" passing,
 * a snooze ending (the blocker leaves the folded group), a due date passing (an overdue blocker moves up).
 */
export function cardsFreshUntil(cards: BlockerCard[], now: Date): Date | null {
  let first: Date | null = null;
  const consider = (moment: Date | null) => {
    if (moment && moment > now && (!first || moment < first)) first = moment;
  };
  for (const card of cards) {
    if (card.status === "open") consider(card.dueAt);
    for (const part of card.blocking) {
      consider(part.nextNudgeAt);
      if (part.status === "pending") consider(part.snoozedUntil);
    }
  }
  return first;
}

/** The cards of these blockers of the viewer's team, in this order, in one statement. */
export async function blockerCards(db: Database, viewer: Member, ids: string[], now: Date): Promise<BlockerCard[]> {
  return cardsFromJson(await rawBlockerCards(db, viewer.teamId, ids), viewer, now);
}

/** The same, as PostgreSQL wrote them: the same for every viewer in the team (what the viewer may do comes after). */
export async function rawBlockerCards(db: Database, teamId: string, ids: string[]): Promise<RawCards> {
  if (ids.length === 0) return { cards: [], people: {} };
  const page = sql`select b.*, t.ord from unnest(${sql.param(ids)}::uuid[]) with ordinality as t(id, ord) join blockers b on b.id = t.id and b.organization_id = ${teamId}`;
  return jsonValue<RawCards>(db, cardsJson(page, "ord", teamId));
}
