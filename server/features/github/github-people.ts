// Who a GitHub user is in a team: the member who linked that login in their settings (compared without regard to case,
// as GitHub's logins are), else — for a user whose payload carries an e-mail address, which a comment's author's
// rarely does — the member with that address, verified in Holdup. A login two members claim is nobody's: neither is
// guessed (settings refuse the second claim; this covers a claim made before joining the team).
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { member, profiles, user } from "../../db/schema.ts";
import type { Member } from "../../http/app-env.ts";
import { asMember, memberColumns } from "../../http/require-member.ts";


/** The members these logins are in the team, by lower-case login; a login nobody (or more than one member) claims is absent. */
export async function membersOfLogins(db: Database, teamId: string, logins: string[]): Promise<Map<string, Member>> {
  const wanted = [...new Set(logins.map((login) => login.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ login: sql<string>`lower(${profiles.githubLogin})`, ...memberColumns })
    .from(profiles)
    .innerJoin(member, and(eq(member.userId, profiles.authId), eq(member.organizationId, teamId)))
    .where(inArray(sql`lower(${profiles.githubLogin})`, wanted));
  const claims = new Map<string, Member[]>();
  for (const { login, ...row } of rows) claims.set(login, [...(claims.get(login) ?? []), asMember(row)]);
  return new Map([...claims].flatMap(([login, members]) => (members.length === 1 && members[0] ? [[login, members[0]] as const] : [])));
}

/** The member whose verified Holdup address this is, in the team. */
export async function memberOfVerifiedEmail(db: Database, teamId: string, email: string): Promise<Member | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(profiles)
    .innerJoin(user, and(eq(user.id, profiles.authId), eq(user.emailVerified, true)))
    .innerJoin(member, and(eq(member.userId, profiles.authId), eq(member.organizationId, teamId)))
    .where(eq(sql`lower(${profiles.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row ? asMember(row) : undefined;
}
