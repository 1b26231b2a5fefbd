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
import { cardsFreshUntil, cardsFromJson, cardsJson, type BlockerCard, type RawCard, type RawCards } from "./blocker-cards.ts";

export const DASHBOARD_PAGE_SIZE = 50;

export type DashboardList = "waitingOnMe" | "imWaitingOn";

/** Where a page starts: just after this card, in its list's order (newest first, nobody-pending ones first). */
type Cursor = { stalled: boolean; createdAt: string; id: string };

const cursorSchema = z.tuple([z.boolean(), z.iso.datetime({ offset: true }), z.uuid()]);

/** A cursor as the client sends it back (server/http/cursor.ts). */
export function readDashboardCursor(text: string | undefined): Cursor | undefined {
  const position = readCursor(text, cursorSchema);
  if (!position) return undefined;
  const [stalled, createdAt, id] = position;
  return { stalled, createdAt, id };
}

const writeDashboardCursor = (cursor: Cursor) => writeCursor([cursor.stalled, cursor.createdAt, cursor.id]);

const stalledOf = (card: RawCard) => !card.blocking.some((part) => part.status === "pending");

/**
 * The blockers of one page, as a relation `b` with every blocker column and `stalled`, one more than a page so the
 * answer knows whether another follows. Walks what the counters walk (decision 012): my pending parts, or the
 * team's open blockers probed for "blocks me".
 */
function pageQuery(list: DashboardList, member: Member, cursor: Cursor | undefined): SQL {
  const after = cursor ? sql`and (b.stalled, b.created_at, b.id) < (${cursor.stalled}, ${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)` : sql``;
  const rows =
    list === "waitingOnMe"
      ? sql`select blockers.*, false as stalled from blocking_users mine, lateral (select * from blockers where blockers.id = mine.blocker_id offset 0) blockers
            where mine.profile_id = ${member.profileId} and mine.status = 'pending' and blockers.organization_id = ${member.teamId}`
      : sql`select blockers.*, not exists (select 1 from blocking_users pending where pending.blocker_id = blockers.id and pending.status = 'pending' offset 0) as stalled
            from blocked_users me, lateral (select * from blockers where blockers.id = me.blocker_id offset 0) blockers
            where me.profile_id = ${member.profileId} and me.blocker_open and blockers.organization_id = ${member.teamId} and blockers.status = 'open'`;
  return sql`select * from (${rows}) b where true ${after} order by ${sql.raw(PAGE_ORDER)} limit ${DASHBOARD_PAGE_SIZE + 1}`;
}

const PAGE_ORDER = "stalled desc, created_at desc, id desc";

/** The cards of a page, in order, as one JSON value. */
const pageJson = (list: DashboardList, member: Member, cursor: Cursor | undefined) => cardsJson(pageQuery(list, member, cursor), PAGE_ORDER, member.teamId);

export type DashboardPage = { items: BlockerCard[]; nextCursor: string | null };

function pageOf(raw: RawCards, member: Member, now: Date): DashboardPage {
  const shown = raw.cards.slice(0, DASHBOARD_PAGE_SIZE);
  const last = shown.at(-1);
  return {
    items: cardsFromJson({ cards: shown, people: raw.people }, member, now),
    nextCursor: raw.cards.length > DASHBOARD_PAGE_SIZE && last ? writeDashboardCursor({ stalled: stalledOf(last), createdAt: last.createdAt, id: last.id }) : null,
  };
}

type Reading = { db: Database; answers: AnswerCache };

/**
 * Where a member's answers are kept: per person and team, and per role, which decides what they may do on a card.
 * Any change in the team makes them stale (the cards name teammates, show other people's parts, and so on).
 */
const keptAs = (kind: string, member: Member) => [`${kind}:${member.teamId}:${member.profileId}:${member.role}`, { teamId: member.teamId }] as const;

/** One page of one column, as the JSON sent; the first is kept. */
export async function listDashboardPage({ db, answers }: Reading, member: Member, list: DashboardList, cursor: Cursor | undefined, now: Date): Promise<KeptJson<DashboardPage>> {
  const read = async () => keptJson(pageOf(await jsonValue<RawCards>(db, pageJson(list, member, cursor)), member, now));
  if (cursor) return read();
  return answers.read(...keptAs(`dashboard-${list}`, member), read, { freshUntil: (page) => cardsFreshUntil(page.value.items) });
}

/** The dashboard's first load: both counters and both first pages, in one statement, as the JSON sent; kept. */
export async function loadDashboard({ db, answers }: Reading, member: Member, now: Date) {
  return answers.read(...keptAs("dashboard", member), async () => keptJson(await readDashboard(db, member, now)), {
    freshUntil: ({ value }) => cardsFreshUntil([...value.waitingOnMe.items, ...value.imWaitingOn.items]),
  });
}

async function readDashboard(db: Database, member: Member, now: Date) {
  const answer = await jsonValue<{ waitingOnMeCount: number; imWaitingOnCount: number; waitingOnMe: RawCards; imWaitingOn: RawCards }>(
    db,
    sql`json_build_object(
      'waitingOnMeCount', (${waitingOnMeCountQuery(db, member)}),
      'imWaitingOnCount', (${imWaitingOnCountQuery(db, member)}),
      'waitingOnMe', ${pageJson("waitingOnMe", member, undefined)},
      'imWaitingOn', ${pageJson("imWaitingOn", member, undefined)}
    )`,
  );
  return {
    counters: { waitingOnMe: answer.waitingOnMeCount, imWaitingOn: answer.imWaitingOnCount },
    waitingOnMe: pageOf(answer.waitingOnMe, member, now),
    imWaitingOn: pageOf(answer.imWaitingOn, member, now),
  };
}

/** The page queries themselves, for the benchmark's plans (EXPLAIN) on a large data set. */
export const dashboardPageQuery = (list: DashboardList, member: Member) => sql`select ${pageJson(list, member, undefined)} as value`;
