// Guards a team's routes: after requireSession, finds the person's profile and team membership in one query.
// Everything a team owns is then looked up within `member.teamId`, so one team never reaches another's data.
import { asc, eq, sql } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { Database } from "../db/client.ts";
import { member, profiles } from "../db/schema.ts";
import type { AppDependencies, AppEnv, Member } from "./app-env.ts";

// Prepared once per database handle: every team route asks it, and planning it cost more than running it.
const prepared = new WeakMap<Database, ReturnType<typeof prepareFindMember>>();
const prepareFindMember = (db: Database) =>
  db
    .select({ profileId: profiles.id, fullName: profiles.fullName, email: profiles.email, timezone: profiles.timezone, teamId: member.organizationId, role: member.role })
    .from(profiles)
    .innerJoin(member, eq(member.userId, profiles.authId))
    .where(eq(profiles.authId, sql.placeholder("authId")))
    .orderBy(asc(member.createdAt))
    .limit(1)
    .prepare("find_member");

export async function findMember(db: Database, authId: string): Promise<Member | undefined> {
  let query = prepared.get(db);
  if (!query) prepared.set(db, (query = prepareFindMember(db)));
  const [row] = await query.execute({ authId });
  return row ? { ...row, isAdmin: row.role === "owner" || row.role === "admin" } : undefined;
}

/**
 * The member, as kept by the answer cache until their membership or profile changes (every such change marks the
 * person: onboarding, role changes, leaving or being removed, profile edits). Someone without a team is not kept:
 * they are in onboarding, and the next request must see the team they create or join.
 */
async function findKeptMember({ db, answers }: Pick<AppDependencies, "db" | "answers">, authId: string): Promise<Member | undefined> {
  return answers.read(`member:${authId}`, { userId: authId }, () => findMember(db, authId), { keep: (found) => found !== undefined });
}

export const requireMember = (deps: Pick<AppDependencies, "db" | "answers">) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const found = await findKeptMember(deps, c.get("user").id);
    if (!found) return c.json({ code: "team_not_found", message: "You are not in a team yet" }, 403);
    c.set("member", found);
    await next();
  });
