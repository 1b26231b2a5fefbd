// The team board: every open blocker of the team, grouped by the person it waits on (a blocker waiting on two
// people is in both groups), each group with its count and its oldest wait. Blockers nobody is left pending on
// (everyone declined, or left the team) form a group of their own, so nothing open is missing from the board.
//
// PostgreSQL groups and ranks the team's open work (one statement over the open blockers, whatever the history);
// cards come for the first groups only, a few each: a team of 200 has 200 groups, and each says how many it holds
// and offers them all (?person=).
//
// The grouping and the cards are the same for every member of the team, so they are kept in the answer cache until
// a change in the team (decision 028); the board as each member sees it (what they may do on a card) is kept too.
import { sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { teamBoardQuerySchema } from "../../../common/blockers.ts";
import type { Database } from "../../db/client.ts";
import type { AnswerCache } from "../../http/answer-cache.ts";
import type { Member } from "../../http/app-env.ts";
import { jsonValue } from "../../db/prepared.ts";
import { keptJson } from "../../http/kept-json.ts";
import { cardsFreshUntil, cardsFromJson, rawBlockerCards, type BlockerCard } from "./blocker-cards.ts";
import type { PersonSummary } from "./people-summaries.ts";

type Query = z.output<typeof teamBoardQuerySchema>;
/** Cards shown per group on the whole board, for its first groups; filtered to one person, their whole group (up to the cap). */
export const GROUP_PREVIEW = 3;
export const GROUPS_WITH_CARDS = 20;
export const GROUP_CAP = 200;

const orders: Record<Query["sort"], SQL> = {
  age: sql`created_at asc, id asc`,
  priority: sql`array_position(array['low','normal','high','urgent'], priority) desc, created_at asc, id asc`,
  due: sql`due_at asc nulls last, created_at asc, id asc`,
};

type Grouped = {
  total: number;
  groups: { person: PersonSummary | null; count: number; oldest: string }[] | null;
  ranked: { personId: string | null; id: string }[] | null;
};

/** No one: the key of the group of blockers nobody is pending on. */
const NOBODY = "00000000-0000-0000-0000-000000000000";

/**
 * The board as this member sees it, as the JSON sent: kept per member (what they may do on each card differs) over the
 * team's grouping and cards, kept once for the whole team. A change in the team makes both stale.
 */
export async function teamBoard({ db, answers }: { db: Database; answers: AnswerCache }, member: Member, query: Query, now: Date) {
  const order = JSON.stringify(query);
  const teamsBoard = () => answers.read(`team-board:${member.teamId}:${order}`, { teamId: member.teamId }, () => readBoard(db, member.teamId, query));
  return answers.read(`team-board:${member.teamId}:${order}:${member.profileId}:${member.role}`, { teamId: member.teamId }, async () => keptJson(boardFor(await teamsBoard(), member, now)), {
    freshUntil: ({ value }) => cardsFreshUntil(value.groups.flatMap((group) => group.blockers), now),
  });
}

function boardFor({ grouped, raw }: Awaited<ReturnType<typeof readBoard>>, member: Member, now: Date) {
  const groups = grouped.groups ?? [];
  const shown = grouped.ranked ?? [];
  const cardById = new Map(cardsFromJson(raw, member, now).map((card) => [card.id, card]));
  return {
    total: grouped.total,
    groups: groups.map((group) => ({
      person: group.person,
      count: group.count,
      oldestCreatedAt: new Date(group.oldest),
      blockers: shown
        .filter((entry) => entry.personId === (group.person?.id ?? null))
        .map((entry) => cardById.get(entry.id))
        .filter((card): card is BlockerCard => card !== undefined),
    })),
  };
}

async function readBoard(db: Database, teamId: string, query: Query) {
  const limit = query.person ? GROUP_CAP : GROUP_PREVIEW;
  // One row per open blocker and person it waits on; a blocker nobody is pending on comes once, with nobody. The
  // person holding up the most first, then the longest wait, then by name; nobody pending last. Cards for the
  // first groups (and for nobody's), the first few of each in the chosen order.
  const grouped = await jsonValue<Grouped>(
    db,
    sql`(with entries as materialized (
        select b.id, b.created_at, b.priority, b.due_at, coalesce(pending.profile_id, ${NOBODY}::uuid) as person_id
        from blockers b left join lateral (select profile_id from blocking_users where blocker_id = b.id and status = 'pending' offset 0) pending on true
        where b.organization_id = ${teamId} and b.status = 'open'
          ${query.priority ? sql`and b.priority = ${query.priority}` : sql``}
          ${query.person ? sql`and pending.profile_id = ${query.person}` : sql``}),
      groups as (select person_id, count(*) as count, min(created_at) as oldest from entries group by person_id),
      ordered as (select groups.*, p.full_name, p.email, p.avatar_url, p.away_until, p.auth_id,
          row_number() over (order by person_id = ${NOBODY}::uuid, count desc, oldest, coalesce(p.full_name, p.email), person_id) as place
        from groups left join lateral (select * from profiles where profiles.id = groups.person_id offset 0) p on true),
      ranked as (select person_id, id, row_number() over (partition by person_id order by ${orders[query.sort]}) as rank
        from entries where person_id in (select person_id from ordered where place <= ${GROUPS_WITH_CARDS} or person_id = ${NOBODY}::uuid))
      select json_build_object(
        'total', (select count(distinct id) from entries),
        'groups', (select json_agg(json_build_object('count', count, 'oldest', oldest, 'person', case when person_id = ${NOBODY}::uuid then null
            else json_build_object('id', person_id, 'fullName', full_name, 'email', coalesce(email, ''), 'avatarUrl', avatar_url, 'awayUntil', away_until,
              'formerMember', auth_id is null or not exists (select 1 from member m where m.user_id = auth_id and m.organization_id = ${teamId} offset 0)) end)
          order by place) from ordered),
        'ranked', (select json_agg(json_build_object('personId', nullif(person_id, ${NOBODY}::uuid), 'id', id) order by person_id, rank) from ranked where rank <= ${limit})))`,
  );
  const ids = [...new Set((grouped.ranked ?? []).map((entry) => entry.id))];
  return { grouped, raw: await rawBlockerCards(db, teamId, ids) };
}
