// Seeds a benchmark team: 50 members who really signed up (so they have real sessions), and blockers written
// with one SQL statement (generate_series), so a million blocking entries take seconds, not hours.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, like, sql } from "drizzle-orm";
import { loadConfig } from "../server/config.ts";
import { member as teamMember, profiles } from "../server/db/schema.ts";
import { startServer, type RunningServer } from "../server/start-server.ts";
import { freePort } from "../server/test/free-port.ts";
import { BrowserLikeClient } from "../server/test/browser-like-client.ts";
import { copyPgliteTemplate } from "../server/test/database-templates.ts";
import { STRONG_PASSWORD } from "../server/test/people.ts";

/** The built web app, for a benchmark of the pages the server draws (dist/web and dist/ssr: `npm run build`). */
export function builtWebDir() {
  const webDir = path.resolve("dist/web");
  if (!fs.existsSync(path.resolve("dist/ssr/render-app.js"))) throw new Error("The web app is not built: run `npm run build` first.");
  return webDir;
}

/** A server on a fresh data directory (PGlite), or on `databaseUrl`, for one measurement; serving the built web app when `webDir`. */
export async function startBenchServer(databaseUrl: string | undefined, options: { webDir?: string } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "holdup-bench-"));
  if (!databaseUrl) await copyPgliteTemplate(dataDir);
  // The members sign up from addresses of their own behind the loopback proxy (BrowserLikeClient), as people do:
  // from one address, per-client limits would answer the eleventh sign-up with 429.
  const server = await startServer(loadConfig({ PORT: String(await freePort()), DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? "", LOG_LEVEL: "error", TRUST_PROXY: "loopback" }), { webDir: options.webDir });
  return { server, cleanUp: () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

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

/**
 * A team's history for the reports (issue #13): `blockers` blockers logged `perDay` a day going back from now, so the
 * last 90 days hold the same work whatever the size and what grows is the past. Each waits on two members and holds
 * up its creator; the newest `open` are open, every 20th of the rest was cancelled, the others resolved after 1 to 72
 * hours; priorities and sources vary. The reports' rollup (blocker_spans) is written as the app keeps it.
 */
export async function seedHistory(server: RunningServer, team: SeededTeam, options: { blockers: number; perDay: number; open: number }) {
  const ids = sql.raw(`array[${team.members.map((member) => `'${member.profileId}'`).join(",")}]::uuid[]`);
  const size = team.members.length;
  const db = server.deps.db;
  const secondsApart = Math.round(86_400 / options.perDay);
  await db.execute(sql`create temporary table seeded as
    select g, gen_random_uuid() as id, now() - make_interval(secs => g * ${secondsApart}) as logged,
      case when g <= ${options.open} then null else now() - make_interval(secs => g * ${secondsApart}) + make_interval(hours => 1 + g % 72) end as ended,
      case when g <= ${options.open} then 'open' when g % 20 = 0 then 'cancelled' else 'resolved' end as status
    from generate_series(1, ${options.blockers}) g`);
  await db.execute(sql`
    insert into blockers (id, organization_id, title, priority, status, created_by, created_at, resolved_at, source)
    select id, ${team.teamId}, 'Seeded blocker #' || g, (array['low','normal','high','urgent'])[1 + g % 4], status, (${ids})[1 + g % ${size}], logged, ended,
      (array['web','web','slack'])[1 + g % 3]
    from seeded`);
  await db.execute(sql`insert into blocked_users (blocker_id, profile_id) select id, (${ids})[1 + g % ${size}] from seeded`);
  await db.execute(sql`
    insert into blocking_users (blocker_id, profile_id, status, responded_at, waiting_since)
    select id, (${ids})[1 + (g + j) % ${size}], case status when 'open' then 'pending' when 'cancelled' then 'released' else 'done' end,
      case when status = 'resolved' then ended end, logged
    from seeded cross join generate_series(1, 2) j`);
  await db.execute(sql`
    insert into blocker_spans (organization_id, blocker_id, kind, profile_id, started_at, ended_at, outcome, nudges)
    select ${team.teamId}, id, 'open', null, logged, ended, case when status = 'open' then null else status end, 2 * (g % 3) from seeded
    union all
    select ${team.teamId}, id, 'waiting', (${ids})[1 + g % ${size}], logged, ended, case when status = 'open' then null else 'ended' end, 0 from seeded
    union all
    select ${team.teamId}, id, 'blocking', (${ids})[1 + (g + j) % ${size}], logged, ended,
      case status when 'open' then null when 'cancelled' then 'released' else 'done' end, g % 3
    from seeded cross join generate_series(1, 2) j`);
  await db.execute(sql`drop table seeded`);
  await db.execute(sql`analyze`);
  await dropStaleConnections(server.url);
}
