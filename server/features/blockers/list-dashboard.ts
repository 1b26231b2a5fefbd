// The dashboard's two columns, a page (50 cards) at a time. "Waiting on me" is exactly what its counter counts.
// "I'm waiting on" is every open blocker that holds me up: what its counter counts (those still pending on
// someone), and, first, those nobody is left pending on (everyone declined, or left the team) — still open, and
// waiting for me to ask someone else or cancel. Each card says which it is; the counter counts only the first kind.
//
// The dashboard's first load is one statement: both counters and both first pages, the cards built as JSON by
// PostgreSQL (decision 025). Pages after the first follow a cursor: the last card's place in the order. First pages and
// the first load are kept in the answer cache until a change in the team (decision 028): what most requests read.
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import type { AnswerCache } from "../../http/answer-cache.ts";
import { keptJson, type KeptJson } from "../../http/kept-json.ts";
import type { Member } from "../../http/app-env.ts";
import { readCursor, writeCursor } from "../../http/cursor.ts";
import { imWaitingOnCountQuery, waitingOnMeCountQuery } from "../counters/count-waiting.ts";
import { jsonValue } from "../../db/prepared.ts";
import type { DashboardOrder } from "../../../common/blocker-values.ts";
import { cardsFreshUntil, cardsFromJson, cardsJson, type BlockerCard, type RawCard, type RawCards } from "./blocker-cards.ts";

export const DASHBOARD_PAGE_SIZE = 50;

export type DashboardList = "waitingOnMe" | "imWaitingOn";

/**
 * The keys a column is ordered by, each a column of the page relation `b`, in the order they count. Every order puts
 * those nobody is left pending on first and the snoozed last (folded away by the page): what is left in between is
 * what the viewer can act on, in the order they chose (decision 049). `due` is `infinity` without a due date, so
 * blockers without one come after those with one; `id` makes every position unique.
 */
type OrderKey = { column: string; descending?: boolean; cast: string; value: z.ZodType };
const keys = {
  stalled: { column: "stalled", descending: true, cast: "boolean", value: z.boolean() },
  snoozed: { column: "snoozed", cast: "boolean", value: z.boolean() },
  // Urgent, or overdue whatever its priority, before everything else.
  pressing: { column: "pressing", descending: true, cast: "boolean", value: z.boolean() },
  rank: { column: "rank", cast: "integer", value: z.number().int().min(0).max(3) },
  due: { column: "due", cast: "timestamptz", value: z.union([z.iso.datetime({ offset: true }), z.literal("infinity")]) },
  oldest: { column: "created_at", cast: "timestamptz", value: z.iso.datetime({ offset: true }) },
  newest: { column: "created_at", descending: true, cast: "timestamptz", value: z.iso.datetime({ offset: true }) },
  id: { column: "id", cast: "uuid", value: z.uuid() },
  idDescending: { column: "id", descending: true, cast: "uuid", value: z.uuid() },
} satisfies Record<string, OrderKey>;

const orders: Record<DashboardOrder, OrderKey[]> = {
  priority: [keys.stalled, keys.snoozed, keys.pressing, keys.rank, keys.due, keys.oldest, keys.id],
  due: [keys.stalled, keys.snoozed, keys.due, keys.rank, keys.oldest, keys.id],
  oldest: [keys.stalled, keys.snoozed, keys.oldest, keys.id],
  newest: [keys.stalled, keys.snoozed, keys.newest, keys.idDescending],
};

const orderBy = (order: DashboardOrder) => orders[order].map((key) => `${key.column} ${key.descending ? "desc" : "asc"}`).join(", ");

/** Where a page starts: just after the card with these key values, in its column's order. */
type Cursor = { order: DashboardOrder; values: unknown[] };

/** A cursor as the client sends it back (server/http/cursor.ts); one written for another order is not valid. */
export function readDashboardCursor(text: string | undefined, order: DashboardOrder): Cursor | undefined {
  const schema = z.tuple([z.literal(order), ...orders[order].map((key) => key.value)] as unknown as [z.ZodLiteral<DashboardOrder>]);
  const position = readCursor(text, schema) as unknown[] | undefined;
  return position && { order, values: position.slice(1) };
}

/** The lexicographic "comes after": (a > x) or (a = x and ((b > y) or …)), each key in its own direction. */
function afterCursor(cursor: Cursor): SQL {
  const keyList = orders[cursor.order];
  let condition: SQL | undefined;
  for (let index = keyList.length - 1; index >= 0; index--) {
    const key = keyList[index];
    if (!key) continue;
    const column = sql.raw(`b.${key.column}`);
    const value = sql`${cursor.values[index]}::${sql.raw(key.cast)}`;
    const beyond = key.descending ? sql`${column} < ${value}` : sql`${column} > ${value}`;
    condition = condition ? sql`(${beyond} or (${column} = ${value} and ${condition}))` : beyond;
  }
  return condition ?? sql`true`;
}

/** The key values of a card as PostgreSQL computed them (the page relation's columns, sent back with each card). */
const cursorOf = (card: RawCard, order: DashboardOrder) => writeCursor([order, ...orders[order].map((key) => card.keys?.[key.column])]);

/**
 * The blockers of one page, as a relation `b` with every blocker column and the order's keys, one more than a page
 * so the answer knows whether another follows. Walks what the counters walk (decision 012): my pending parts, or the
 * team's open blockers probed for "blocks me". Snoozed: my part is (waiting on me), or everyone still pending is (I'm
 * waiting on).
 */
function columnRows(list: DashboardList, member: Member, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  const derived = sql`(blockers.priority = 'urgent' or coalesce(blockers.due_at < ${at}, false)) as pressing,
    case blockers.priority when 'urgent' then 0 when 'high' then 1 when 'normal' then 2 else 3 end as rank,
    coalesce(blockers.due_at, 'infinity'::timestamptz) as due`;
  return list === "waitingOnMe"
    ? sql`select blockers.*, false as stalled, coalesce(mine.snoozed_until > ${at}, false) as snoozed, ${derived}
          from blocking_users mine, lateral (select * from blockers where blockers.id = mine.blocker_id offset 0) blockers
          where mine.profile_id = ${member.profileId} and mine.status = 'pending' and blockers.organization_id = ${member.teamId}`
    : sql`select blockers.*, parts.pending = 0 as stalled, parts.pending > 0 and parts.awake = 0 as snoozed, ${derived}
          from blocked_users me, lateral (select * from blockers where blockers.id = me.blocker_id offset 0) blockers,
          lateral (select count(*) filter (where p.status = 'pending') as pending, count(*) filter (where p.status = 'pending' and (p.snoozed_until is null or p.snoozed_until <= ${at})) as awake
            from blocking_users p where p.blocker_id = blockers.id offset 0) parts
          where me.profile_id = ${member.profileId} and me.blocker_open and blockers.organization_id = ${member.teamId} and blockers.status = 'open'`;
}

function pageQuery(list: DashboardList, member: Member, cursor: Cursor | undefined, now: Date): SQL {
  const after = cursor ? afterCursor(cursor) : sql`true`;
  return sql`select * from (${columnRows(list, member, now)}) b where ${after} order by ${sql.raw(orderBy(member.dashboardOrder))} limit ${DASHBOARD_PAGE_SIZE + 1}`;
}

/** How many of the column are snoozed (the page shows them folded, with this count, at the end). */
const snoozedCountQuery = (list: DashboardList, member: Member, now: Date) => sql`(select count(*)::int from (${columnRows(list, member, now)}) b where b.snoozed)`;

/** The cards of a page, in order, as one JSON value, each with its order's key values (for the next page's cursor). */
const pageJson = (list: DashboardList, member: Member, cursor: Cursor | undefined, now: Date) =>
  cardsJson(pageQuery(list, member, cursor, now), orderBy(member.dashboardOrder), member.teamId, orders[member.dashboardOrder].map((key) => key.column));

export type DashboardPage = { items: BlockerCard[]; nextCursor: string | null };

function pageOf(raw: RawCards, member: Member, now: Date): DashboardPage {
  const shown = raw.cards.slice(0, DASHBOARD_PAGE_SIZE);
  const last = shown.at(-1);
  return {
    items: cardsFromJson({ cards: shown, people: raw.people }, member, now),
    nextCursor: raw.cards.length > DASHBOARD_PAGE_SIZE && last ? cursorOf(last, member.dashboardOrder) : null,
  };
}

type Reading = { db: Database; answers: AnswerCache };

/**
 * Where a member's answers are kept: per person and team, and per role, which decides what they may do on a card.
 * Any change in the team makes them stale (the cards name teammates, show other people's parts, and so on).
 */
const keptAs = (kind: string, member: Member) => [`${kind}:${member.teamId}:${member.profileId}:${member.role}:${member.dashboardOrder}`, { teamId: member.teamId }] as const;

/** One page of one column, as the JSON sent; the first is kept. */
export async function listDashboardPage({ db, answers }: Reading, member: Member, list: DashboardList, cursor: Cursor | undefined, now: Date): Promise<KeptJson<DashboardPage>> {
  const read = async () => keptJson(pageOf(await jsonValue<RawCards>(db, pageJson(list, member, cursor, now)), member, now));
  if (cursor) return read();
  return answers.read(...keptAs(`dashboard-${list}`, member), read, { freshUntil: (page) => cardsFreshUntil(page.value.items, now) });
}

/** The dashboard's first load: both counters and both first pages, in one statement, as the JSON sent; kept. */
export async function loadDashboard({ db, answers }: Reading, member: Member, now: Date) {
  return answers.read(...keptAs("dashboard", member), async () => keptJson(await readDashboard(db, member, now)), {
    freshUntil: ({ value }) => cardsFreshUntil([...value.waitingOnMe.items, ...value.imWaitingOn.items], now),
  });
}

async function readDashboard(db: Database, member: Member, now: Date) {
  const answer = await jsonValue<{ waitingOnMeCount: number; imWaitingOnCount: number; waitingOnMeSnoozed: number; imWaitingOnSnoozed: number; waitingOnMe: RawCards; imWaitingOn: RawCards }>(
    db,
    sql`json_build_object(
      'waitingOnMeCount', (${waitingOnMeCountQuery(db, member)}),
      'imWaitingOnCount', (${imWaitingOnCountQuery(db, member)}),
      'waitingOnMeSnoozed', ${snoozedCountQuery("waitingOnMe", member, now)},
      'imWaitingOnSnoozed', ${snoozedCountQuery("imWaitingOn", member, now)},
      'waitingOnMe', ${pageJson("waitingOnMe", member, undefined, now)},
      'imWaitingOn', ${pageJson("imWaitingOn", member, undefined, now)}
    )`,
  );
  return {
    // The profile card's counters, as the specification counts them (snoozed parts are pending, so they count).
    counters: { waitingOnMe: answer.waitingOnMeCount, imWaitingOn: answer.imWaitingOnCount },
    // How many of each column are snoozed: the columns show them folded at their end, outside their headings' counts.
    snoozed: { waitingOnMe: answer.waitingOnMeSnoozed, imWaitingOn: answer.imWaitingOnSnoozed },
    waitingOnMe: pageOf(answer.waitingOnMe, member, now),
    imWaitingOn: pageOf(answer.imWaitingOn, member, now),
  };
}

/** The page queries themselves, for the benchmark's plans (EXPLAIN) on a large data set. */
export const dashboardPageQuery = (list: DashboardList, member: Member, now: Date) => sql`select ${pageJson(list, member, undefined, now)} as value`;
