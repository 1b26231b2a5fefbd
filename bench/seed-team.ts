// Seeds a benchmark team: 50 members who really signed up (so they have real sessions), and blockers written
// with one SQL statement (generate_series), so a million blocking entries take seconds, not hours.
import { eq, like, sql } from "drizzle-orm";
import { member as teamMember, profiles } from "../server/db/schema.ts";
import type { RunningServer } from "../server/start-server.ts";
import { BrowserLikeClient } from "../server/test/browser-like-client.ts";
import { STRONG_PASSWORD } from "../server/test/people.ts";

export type SeededTeam = { teamId: string; members: { authId: string; profileId: string; email: string }[] };

/**
 * `count` members. The first `signedUp` really sign up (they get sessions; the first creates the team through
 * onboarding) and join the team directly; the rest are written straight into the database, in one statement each
 * for accounts, profiles and memberships — a thousand-strong team in seconds, not minutes.
 */
export async function seedMembers(server: RunningServer, count: number, options: { signedUp?: number } = {}): Promise<SeededTeam> {
  const members: SeededTeam["members"] = [];
  let teamId = "";
  const withSessions = Math.min(count, options.signedUp ?? count);
  for (let index = 0; index < withSessions; index++) {
    const client = new BrowserLikeClient(server.url);
    const email = `member-${index}@bench.example.com`;
    const signedUp = await client.post("/api/auth/sign-up/email", { email, password: STRONG_PASSWORD, name: "" });
    if (signedUp.status !== 200) throw new Error(`sign-up failed: ${signedUp.text}`);
    const authId = (signedUp.json as { user: { id: string } }).user.id;
    if (index === 0) {
      await client.post("/api/onboarding/profile", { fullName: "Member 0", timezone: "Europe/Berlin" });
      const team = await client.post("/api/onboarding/team", { name: "Benchmark team" });
      teamId = (team.json as { id: string }).id;
    } else {
      await server.deps.db.insert(teamMember).values({ id: `bench-member-${index}`, organizationId: teamId, userId: authId, role: "member", createdAt: new Date() });
    }
    const [profile] = await server.deps.db
      .update(profiles)
      .set({ fullName: `Member ${index}`, onboardedAt: new Date() })
      .where(eq(profiles.authId, authId))
      .returning({ id: profiles.id });
    members.push({ authId, profileId: profile?.id ?? "", email });
  }
  if (count > withSessions) {
    const db = server.deps.db;
    await db.execute(sql`insert into "user" (id, name, email, email_verified)
      select 'bench-user-' || g, 'Member ' || g, 'member-' || g || '@bench.example.com', true from generate_series(${withSessions}::int, ${count - 1}::int) g`);
    await db.execute(sql`insert into profiles (auth_id, email, full_name, onboarded_at)
      select id, email, name, now() from "user" where id like 'bench-user-%'`);
    await db.execute(sql`insert into member (id, organization_id, user_id, role, created_at)
      select 'bench-member-' || substr(id, 12), ${teamId}, id, 'member', now() from "user" where id like 'bench-user-%'`);
    const added = await db.select({ authId: profiles.authId, profileId: profiles.id, email: profiles.email }).from(profiles).where(like(profiles.authId, "bench-user-%")).orderBy(profiles.createdAt, profiles.authId);
    members.push(...added.map((person) => ({ ...person, authId: person.authId ?? "" })));
  }
  return { teamId, members };
}

/**
 * `blockers` blockers, each created by one member and waiting on `perBlocker` others; the newest `open` are open
 * (their parts pending), the rest resolved (parts done) — a team's history grows, its open work does not.
 */
export async function seedBlockers(server: RunningServer, team: SeededTeam, options: { blockers: number; perBlocker: number; open: number }) {
  const ids = sql.raw(`array[${team.members.map((member) => `'${member.profileId}'`).join(",")}]::uuid[]`);
  const size = team.members.length;
  const db = server.deps.db;
  await db.execute(sql`create temporary table seeded as select g, gen_random_uuid() as id from generate_series(1, ${options.blockers}) g`);
  await db.execute(sql`
    insert into blockers (id, organization_id, title, priority, status, created_by, created_at, resolved_at, resolved_by)
    select id, ${team.teamId}, 'Seeded blocker #' || g, (array['low','normal','high','urgent'])[1 + g % 4],
      case when g <= ${options.open} then 'open' else 'resolved' end,
      (${ids})[1 + g % ${size}],
      now() - make_interval(mins => g),
      case when g <= ${options.open} then null else now() - make_interval(mins => g) + interval '3 hours' end,
      case when g <= ${options.open} then null else (${ids})[1 + (g + 1) % ${size}] end
    from seeded`);
  await db.execute(sql`insert into blocked_users (blocker_id, profile_id) select id, (${ids})[1 + g % ${size}] from seeded`);
  await db.execute(sql`
    insert into blocking_users (blocker_id, profile_id, status, responded_at)
    select id, (${ids})[1 + (g + j) % ${size}],
      case when g <= ${options.open} then 'pending' else 'done' end,
      case when g <= ${options.open} then null else now() - make_interval(mins => g) + interval '3 hours' end
    from seeded cross join generate_series(1, ${options.perBlocker}) j`);
  await db.execute(sql`drop table seeded`);
  await db.execute(sql`analyze`);
  await dropStaleConnections(server.url);
}

/** `count` more open blockers waiting on member `index` (created by the member after them): a person who carries a lot. */
export async function seedOpenOn(server: RunningServer, team: SeededTeam, index: number, count: number) {
  const person = team.members[index];
  const creator = team.members[(index + 1) % team.members.length];
  if (!person || !creator) throw new Error("no such member");
  const db = server.deps.db;
  await db.execute(sql`create temporary table seeded as select g, gen_random_uuid() as id from generate_series(1, ${count}) g`);
  await db.execute(sql`
    insert into blockers (id, organization_id, title, priority, status, created_by, created_at)
    select id, ${team.teamId}, 'Waiting on one person #' || g, 'normal', 'open', ${creator.profileId}, now() - make_interval(secs => g) from seeded`);
  await db.execute(sql`insert into blocked_users (blocker_id, profile_id) select id, ${creator.profileId} from seeded`);
  await db.execute(sql`insert into blocking_users (blocker_id, profile_id, status) select id, ${person.profileId}, 'pending' from seeded`);
  await db.execute(sql`drop table seeded`);
  await db.execute(sql`analyze`);
}

/**
 * PGlite runs a big insert on this process's only thread: meanwhile the server's keep-alive timers expire, and
 * the kept-alive sockets of the bench's own fetch die when the thread is free again. A few requests that are
 * allowed to fail use those sockets up, so the measurements start on live connections.
 */
async function dropStaleConnections(url: string) {
  for (let attempt = 0; attempt < 10; attempt++) {
    const healthy = await fetch(new URL("/api/health", url)).then((response) => response.ok, () => false);
    if (healthy) return;
  }
  throw new Error("the server does not answer after seeding");
}

/** Fresh sessions (a signed cookie copy is trusted for a minute, so cookies are taken just before a measurement). */
export async function signIn(server: RunningServer, team: SeededTeam, count: number) {
  const clients: BrowserLikeClient[] = [];
  for (const member of team.members.slice(0, count)) {
    const client = new BrowserLikeClient(server.url);
    const answer = await client.post("/api/auth/sign-in/email", { email: member.email, password: STRONG_PASSWORD });
    if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.text}`);
    clients.push(client);
  }
  return clients;
}
