// The team's members for /organization/access: a page at a time (a team may have a thousand), by name, with their
// role, when they joined, the open parts waiting on them in this team, whether they are away (outside their working
// hours now), and what the person asking may do to each — the page offers only what the server would allow.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { WorkingHours } from "../../../common/profile.ts";
import { isWithinWorkingHours } from "../../../common/working-hours.ts";
import type { Database } from "../../db/client.ts";
import { jsonValue } from "../../db/prepared.ts";
import type { Member } from "../../http/app-env.ts";
import { readCursor, writeCursor } from "../../http/cursor.ts";
import type { TeamRole } from "../../../common/teams.ts";
import { assignableRoles } from "./team-roles.ts";

export const MEMBERS_PAGE_SIZE = 50;

export const membersQuerySchema = z.object({
  q: z.string().trim().max(100, "Use at most 100 characters").optional(),
  cursor: z.string().max(500, "Not a valid list position").optional(),
});

type RawMember = {
  memberId: string;
  profileId: string;
  fullName: string | null;
  email: string;
  avatarUrl: string | null;
  /** "Away until" that date (their own), reminders held; `away` below is "outside their working hours now". */
  awayUntil: string | null;
  role: string;
  joinedAt: string;
  timezone: string;
  workingHours: WorkingHours;
  waitingOnThem: number;
  sortName: string;
};

// The order: by name (the e-mail for someone without one), then the membership's id; the cursor is that pair.
const cursorSchema = z.tuple([z.string().max(400), z.string().max(100)]);

export async function listMembers(db: Database, viewer: Member, options: { q?: string; cursor?: string }, now: Date) {
  const after = readCursor(options.cursor, cursorSchema);
  const pattern = options.q ? `%${options.q.toLowerCase().replaceAll(/[\\%_]/g, (character) => `\\${character}`)}%` : undefined;
  const matching = pattern ? sql`and (lower(coalesce(p.full_name, '')) like ${pattern} or lower(p.email) like ${pattern})` : sql``;
  const byName = sql`lower(coalesce(nullif(p.full_name, ''), p.email))`;
  const answer = await jsonValue<{ members: RawMember[]; total: number; owners: number }>(
    db,
    sql`json_build_object(
      'members', coalesce((
        select json_agg(json_build_object(
          'memberId', page.member_id, 'profileId', page.profile_id, 'fullName', page.full_name, 'email', page.email,
          'avatarUrl', page.avatar_url, 'awayUntil', page.away_until, 'role', page.role, 'joinedAt', page.joined_at, 'timezone', page.timezone,
          'workingHours', page.working_hours, 'sortName', page.sort_name,
          -- Counted for the page's rows only: in the ordered query below it would run for every member of the team.
          'waitingOnThem', (select count(*) from blocking_users b join blockers on blockers.id = b.blocker_id
            where b.profile_id = page.profile_id and b.status = 'pending' and blockers.organization_id = ${viewer.teamId})
        ) order by page.sort_name, page.member_id) from (
          select m.id as member_id, p.id as profile_id, p.full_name, p.email, p.avatar_url, p.away_until, m.role, m.created_at as joined_at,
            p.timezone, p.working_hours, ${byName} as sort_name
          from member m join profiles p on p.auth_id = m.user_id
          where m.organization_id = ${viewer.teamId} ${matching}
            ${after ? sql`and (${byName}, m.id) > (${after[0]}, ${after[1]})` : sql``}
          order by ${byName}, m.id
          limit ${MEMBERS_PAGE_SIZE + 1}
        ) page), '[]'::json),
      'total', (select count(*) from member m join profiles p on p.auth_id = m.user_id where m.organization_id = ${viewer.teamId} ${matching}),
      'owners', (select count(*) from member m where m.organization_id = ${viewer.teamId} and m.role = 'owner')
    )`,
  );
  const page = answer.members.slice(0, MEMBERS_PAGE_SIZE);
  const last = page.at(-1);
  const viewerRole = viewer.role as TeamRole;
  return {
    items: page.map(({ workingHours, sortName: _sortName, ...person }) => {
      const isViewer = person.profileId === viewer.profileId;
      const roles = isViewer ? [] : assignableRoles(viewerRole, person.role as TeamRole);
      return {
        ...person,
        // Outside their working hours now (the page says so with their local time, from `timezone`).
        away: !isWithinWorkingHours(now, person.timezone, workingHours),
        isViewer,
        allowed: {
          roles,
          remove: !isViewer && roles.length > 0,
          transferOwnership: !isViewer && viewerRole === "owner",
        },
      };
    }),
    nextCursor: answer.members.length > MEMBERS_PAGE_SIZE && last ? writeCursor([last.sortName, last.memberId]) : null,
    total: answer.total,
    viewer: { role: viewerRole, canLeave: viewerRole !== "owner" || answer.owners > 1 },
  };
}
