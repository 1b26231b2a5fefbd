// Guards a team's routes: after requireSession, finds the person's profile and their membership of the team the
// request names (server/http/chosen-team.ts) in one query. Everything a team owns is then looked up within
// `member.teamId`, so one team never reaches another's data, and a tab on one team never acts in another.
import { and, asc, eq, sql } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { Database } from "../db/client.ts";
import { member, profiles } from "../db/schema.ts";
import type { AppDependencies, AppEnv, Member } from "./app-env.ts";
import { chosenTeamOf } from "./chosen-team.ts";
import { Refusal } from "./refusal.ts";

/** A member's columns, for every lookup that makes a Member (a session, Slack, GitHub). */
export const memberColumns = { profileId: profiles.id, fullName: profiles.fullName, email: profiles.email, timezone: profiles.timezone, workingHours: profiles.workingHours, dashboardOrder: profiles.dashboardOrder, teamId: member.organizationId, role: member.role };

export const asMember = (row: Omit<Member, "isAdmin">): Member => ({ ...row, isAdmin: row.role === "owner" || row.role === "admin" });

// Prepared once per database handle: every team route asks one of them, and planning cost more than running.
type Prepared = { first: ReturnType<typeof prepareFirst>; inTeam: ReturnType<typeof prepareInTeam> };
const prepared = new WeakMap<Database, Prepared>();
/** The person's first team (the oldest membership), for a request that names none. */
const prepareFirst = (db: Database) =>
  db.select(memberColumns).from(profiles).innerJoin(member, eq(member.userId, profiles.authId)).where(eq(profiles.authId, sql.placeholder("authId"))).orderBy(asc(member.createdAt)).limit(1).prepare("find_member");
const prepareInTeam = (db: Database) =>
  db
    .select(memberColumns)
    .from(profiles)
    .innerJoin(member, and(eq(member.userId, profiles.authId), eq(member.organizationId, sql.placeholder("teamId"))))
    .where(eq(profiles.authId, sql.placeholder("authId")))
    .limit(1)
    .prepare("find_member_in_team");

/** The person as a member of `teamId`, or of their first team when none is named; undefined when they are not. */
export async function findMember(db: Database, authId: string, teamId?: string): Promise<Member | undefined> {
  let queries = prepared.get(db);
  if (!queries) prepared.set(db, (queries = { first: prepareFirst(db), inTeam: prepareInTeam(db) }));
  const [row] = teamId === undefined ? await queries.first.execute({ authId }) : await queries.inTeam.execute({ authId, teamId });
  return row ? asMember(row) : undefined;
}

/**
 * The member, as kept by the answer cache until their membership or profile changes (every such change marks the
 * person: onboarding, joining or leaving a team, role changes, profile edits). Someone without a team is not kept:
 * they are in onboarding, and the next request must see the team they create or join.
 */
export async function findKeptMember({ db, answers }: Pick<AppDependencies, "db" | "answers">, authId: string, teamId: string | undefined): Promise<Member | undefined> {
  return answers.read(`member:${authId}:${teamId ?? ""}`, { userId: authId }, () => findMember(db, authId, teamId), { keep: (found) => found !== undefined });
}

export const notAMember = () => new Refusal(403, "not_a_member", "You are not a member of this team");

/** Why someone has no member to act as: not in the team the request named, or in no team yet (onboarding). */
export const noMembership = (teamId: string | undefined) => (teamId !== undefined ? notAMember() : new Refusal(403, "team_not_found", "You are not in a team yet"));

export const requireMember = (deps: Pick<AppDependencies, "db" | "answers">) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const teamId = chosenTeamOf(c);
    const found = await findKeptMember(deps, c.get("user").id, teamId);
    if (!found) throw noMembership(teamId);
    c.set("member", found);
    await next();
  });
