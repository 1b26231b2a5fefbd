// /organization/access on the server: the member list (a page at a time), roles, removing, leaving, handing
// ownership over — and who may do which, for every team route (the role matrix, checked against the route table).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEAM_HEADER } from "../../../common/teams.ts";
import { createApp } from "../../app.ts";
import { aboutBlocker, openEventStream } from "../../test/event-stream.ts";
import { addMembersDirectly, makeBlocker, makeTeam, okJson, testClock, type Teammate } from "../../test/factories.ts";
import { routeKey, routeTable } from "../../test/fuzz/route-table.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  // A Wednesday, 11:00 in Paris, where the test teams' members work: inside the default working hours.
  server = await startTestServer({ smtp: false, clock: testClock(new Date("2026-11-25T10:00:00Z")) });
});
afterAll(() => server?.stop());

type Team = { id: string; owner: Teammate; admin: Teammate; member: Teammate; target: Teammate };
type MemberRow = { memberId: string; profileId: string; fullName: string | null; role: string; waitingOnThem: number; away: boolean; allowed: { roles: string[]; remove: boolean; transferOwnership: boolean } };
type MembersPage = { items: MemberRow[]; nextCursor: string | null; total: number; viewer: { role: string; canLeave: boolean } };

/** A team of four: its owner, an admin, a member, and a member for the others to act on. */
async function freshTeam(name = "Access"): Promise<Team> {
  const [owner, admin, member, target] = (await makeTeam(server, ["Olive", "Adam", "Mia", "Tara"], name)) as [Teammate, Teammate, Teammate, Teammate];
  const id = (await okJson(owner.client.api.team.$get())).id;
  const team = { id, owner, admin, member, target };
  const changed = await owner.client.request(`/api/team/members/${await memberIdOf(team, admin)}`, { method: "PATCH", json: { role: "admin" } });
  expect(changed.status, changed.text).toBe(200);
  return team;
}

async function listOf(client: Teammate["client"], query = "") {
  const answer = await client.request(`/api/team/members${query}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.json as MembersPage;
}

async function memberIdOf(team: Team, who: Teammate) {
  const row = (await listOf(team.owner.client)).items.find((item) => item.profileId === who.profileId);
  if (!row) throw new Error(`${who.name} is not in the team`);
  return row.memberId;
}

/** A fresh invitation from the team's owner; its id. */
async function ownersInvitation(team: Team) {
  const { outcomes } = (await team.owner.client.request("/api/team/invitations", { json: { emails: [`pending-${Math.random().toString(36).slice(2)}@example.com`] } })).json as { outcomes: { invited: boolean; link?: string }[] };
  return new URL(outcomes[0]?.link ?? "http://x/?invite=missing").searchParams.get("invite") ?? "";
}

/** A webhook of the team, added by its owner (the outgoing webhooks' routes live under /api/team). */
async function webhookOf(team: Team) {
  const added = await team.owner.client.request("/api/team/webhooks", { json: { url: "https://hooks.example.com/holdup", events: ["blocker.created"] } });
  expect(added.status, added.text).toBe(201);
  return (added.json as { webhook: { id: string } }).webhook.id;
}

/** The team connected to GitHub by its owner, if it was not already (the GitHub connection's routes live under /api/team). */
async function connectedToGithub(team: Team) {
  const connected = await team.owner.client.post("/api/team/github");
  expect([201, 409], connected.text).toContain(connected.status);
  return "/api/team/github";
}

type Role = "owner" | "admin" | "member" | "outsider" | "anonymous";
const roles: Role[] = ["owner", "admin", "member", "outsider", "anonymous"];

type Case = { route: string; method: string; path: (team: Team) => Promise<string>; body?: (team: Team) => Promise<unknown>; allowed: Partial<Record<Role, number>>; changes?: boolean };

// What each role gets; anyone not listed: 403 in the team, 403 naming a team that is not theirs, 401 signed out.
const cases: Case[] = [
  { route: "GET /api/team", method: "GET", path: async () => "/api/team", allowed: { owner: 200, admin: 200, member: 200 } },
  { route: "GET /api/team/members", method: "GET", path: async () => "/api/team/members", allowed: { owner: 200, admin: 200, member: 200 } },
  {
    route: "PATCH /api/team/members/:memberId",
    method: "PATCH",
    path: async (team) => `/api/team/members/${await memberIdOf(team, team.target)}`,
    body: async () => ({ role: "admin" }),
    allowed: { owner: 200, admin: 200 },
    changes: true,
  },
  { route: "DELETE /api/team/members/:memberId", method: "DELETE", path: async (team) => `/api/team/members/${await memberIdOf(team, team.target)}`, allowed: { owner: 200, admin: 200 }, changes: true },
  // The owner is the team's only one: they may not leave it (409) until someone else is owner.
  { route: "POST /api/team/leave", method: "POST", path: async () => "/api/team/leave", allowed: { owner: 409, admin: 200, member: 200 }, changes: true },
  {
    route: "POST /api/team/transfer-ownership",
    method: "POST",
    path: async () => "/api/team/transfer-ownership",
    body: async (team) => ({ memberId: await memberIdOf(team, team.target) }),
    allowed: { owner: 200 },
    changes: true,
  },
  { route: "GET /api/team/invitations", method: "GET", path: async () => "/api/team/invitations", allowed: { owner: 200, admin: 200, member: 200 } },
  // An invitation the owner sent: a member may act only on their own (to them the others do not exist).
  { route: "POST /api/team/invitations/:id/resend", method: "POST", path: async (team) => `/api/team/invitations/${await ownersInvitation(team)}/resend`, allowed: { owner: 200, admin: 200, member: 404 }, changes: true },
  { route: "DELETE /api/team/invitations/:id", method: "DELETE", path: async (team) => `/api/team/invitations/${await ownersInvitation(team)}`, allowed: { owner: 200, admin: 200 }, changes: true },
  {
    route: "POST /api/team/invitations",
    method: "POST",
    path: async () => "/api/team/invitations",
    body: async () => ({ emails: [`invited-${Math.random().toString(36).slice(2)}@example.com`] }),
    allowed: { owner: 200, admin: 200, member: 200 },
    changes: true,
  },
  { route: "GET /api/team/webhooks", method: "GET", path: async () => "/api/team/webhooks", allowed: { owner: 200, admin: 200, member: 200 } },
  {
    route: "POST /api/team/webhooks",
    method: "POST",
    path: async () => "/api/team/webhooks",
    body: async () => ({ url: "https://hooks.example.com/holdup", events: ["blocker.created"] }),
    allowed: { owner: 201, admin: 201 },
    changes: true,
  },
  { route: "PATCH /api/team/webhooks/:id", method: "PATCH", path: async (team) => `/api/team/webhooks/${await webhookOf(team)}`, body: async () => ({ enabled: false }), allowed: { owner: 200, admin: 200 }, changes: true },
  { route: "DELETE /api/team/webhooks/:id", method: "DELETE", path: async (team) => `/api/team/webhooks/${await webhookOf(team)}`, allowed: { owner: 200, admin: 200 }, changes: true },
  { route: "POST /api/team/webhooks/:id/rotate-secret", method: "POST", path: async (team) => `/api/team/webhooks/${await webhookOf(team)}/rotate-secret`, allowed: { owner: 200, admin: 200 }, changes: true },
  { route: "GET /api/team/webhooks/:id/deliveries", method: "GET", path: async (team) => `/api/team/webhooks/${await webhookOf(team)}/deliveries`, allowed: { owner: 200, admin: 200 }, changes: true },
  // No delivery of that id: owners and admins are told so, the others are refused before anyone looks.
  {
    route: "POST /api/team/webhooks/:id/deliveries/:deliveryId/redeliver",
    method: "POST",
    path: async (team) => `/api/team/webhooks/${await webhookOf(team)}/deliveries/msg_${"0".repeat(22)}/redeliver`,
    allowed: { owner: 404, admin: 404 },
    changes: true,
  },
  { route: "GET /api/team/github", method: "GET", path: async () => "/api/team/github", allowed: { owner: 200, admin: 200, member: 200 } },
  { route: "POST /api/team/github", method: "POST", path: async () => "/api/team/github", allowed: { owner: 201, admin: 201 }, changes: true },
  { route: "DELETE /api/team/github", method: "DELETE", path: connectedToGithub, allowed: { owner: 200, admin: 200 }, changes: true },
  { route: "POST /api/team/github/rotate-secret", method: "POST", path: async (team) => `${await connectedToGithub(team)}/rotate-secret`, allowed: { owner: 200, admin: 200 }, changes: true },
];

describe("the role matrix of the team's routes", () => {
  let shared: Team;
  let outsider: Teammate;
  beforeAll(async () => {
    shared = await freshTeam("Shared");
    [outsider] = (await makeTeam(server, ["Otto"], "Another team")) as [Teammate];
  });

  it("has a case for every route of /api/team", () => {
    const teamRoutes = routeTable(createApp(server.deps), server.deps.auth)
      .map(routeKey)
      .filter((key) => / \/api\/team(\/|$)/.test(key));
    expect(cases.map((testCase) => testCase.route).sort()).toEqual(teamRoutes.sort());
  });

  for (const testCase of cases) {
    it(`${testCase.route}: ${roles.map((role) => `${role} ${testCase.allowed[role] ?? "refused"}`).join(", ")}`, async () => {
      for (const role of roles) {
        const team = testCase.changes && testCase.allowed[role] ? await freshTeam() : shared;
        const client = role === "anonymous" ? server.client() : role === "outsider" ? outsider.client.inTeam(team.id) : team[role].client;
        const answer = await client.request(await testCase.path(team), { method: testCase.method, ...(testCase.body ? { json: await testCase.body(team) } : testCase.method === "GET" || testCase.method === "DELETE" ? {} : { json: {} }) });
        const expected = testCase.allowed[role] ?? (role === "anonymous" ? 401 : 403);
        expect(answer.status, `${role}: ${answer.text}`).toBe(expected);
      }
    });
  }
});

describe("the member list", () => {
  it("refuses a search PostgreSQL could not run (a NUL) with the field named, not a 500", async () => {
    const team = await freshTeam("Searchers");
    for (const q of ["a%00", "%00", "%00b"]) {
      const answer = await team.member.client.request(`/api/team/members?q=${q}`);
      expect(answer.status, `q=${q}: ${answer.text}`).toBe(400);
      expect(answer.json).toMatchObject({ code: "validation_failed", fields: { q: ["Contains a character that is not allowed"] } });
    }
  });

  it("shows each member's role, what waits on them here, whether they are away, and what the viewer may do", async () => {
    const team = await freshTeam();
    await makeBlocker(team.member, [team.target]);
    await makeBlocker(team.owner, [team.target]);
    const asAdmin = await listOf(team.admin.client);
    expect(asAdmin.total).toBe(4);
    expect(asAdmin.viewer).toEqual({ role: "admin", canLeave: true });
    const byName = Object.fromEntries(asAdmin.items.map((item) => [item.fullName, item]));
    expect(byName.Olive).toMatchObject({ role: "owner", allowed: { roles: [], remove: false, transferOwnership: false } });
    expect(byName.Adam).toMatchObject({ role: "admin", allowed: { roles: [], remove: false } });
    expect(byName.Tara).toMatchObject({ role: "member", waitingOnThem: 2, allowed: { roles: ["admin", "member"], remove: true, transferOwnership: false } });
    expect(byName.Tara?.away).toBe(false);
    // Someone who works weekends only is away on a Wednesday.
    expect((await team.target.client.request("/api/profile", { method: "PATCH", json: { workingHours: { days: [6, 7], start: "09:00", end: "17:00" } } })).status).toBe(200);
    expect((await listOf(team.admin.client)).items.find((item) => item.fullName === "Tara")?.away).toBe(true);

    const asOwner = await listOf(team.owner.client);
    expect(asOwner.viewer).toEqual({ role: "owner", canLeave: false });
    expect(asOwner.items.find((item) => item.fullName === "Adam")?.allowed).toEqual({ roles: ["owner", "admin", "member"], remove: true, transferOwnership: true });
    const asMember = await listOf(team.member.client);
    expect(asMember.items.every((item) => item.allowed.roles.length === 0 && !item.allowed.remove)).toBe(true);
  });

  it("pages through a large team by name, and finds people by name or e-mail", async () => {
    const team = await freshTeam("Large");
    await addMembersDirectly(server, team.id, 116);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: MembersPage = await listOf(team.member.client, cursor ? `?cursor=${cursor}` : "");
      expect(page.total).toBe(120);
      seen.push(...page.items.map((item) => item.memberId));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(120);
    // By name, as the list is ordered.
    const names = (await listOf(team.member.client)).items.map((item) => (item.fullName ?? "").toLowerCase());
    expect(names).toEqual([...names].sort());
    const found = await listOf(team.member.client, "?q=member 11");
    expect(found.items.map((item) => item.fullName).sort()).toEqual(["Member 11", "Member 110", "Member 111", "Member 112", "Member 113", "Member 114", "Member 115", "Member 116"]);
    expect(found.total).toBe(8);
    expect((await listOf(team.member.client, `?q=${encodeURIComponent(team.target.email)}`)).items.map((item) => item.fullName)).toEqual(["Tara"]);
    expect((await listOf(team.member.client, "?q=100%25")).items).toEqual([]); // a % is a character to find, not a wildcard
    const tampered = await team.member.client.request("/api/team/members?cursor=bm90LWEtY3Vyc29y");
    expect(tampered.status).toBe(400);
    expect(tampered.json).toMatchObject({ fields: { cursor: [expect.any(String)] } });
  });
});

describe("changing the team", () => {
  it("lets an admin promote a member but not touch the owner, and nobody change their own role", async () => {
    const team = await freshTeam();
    const ownerId = await memberIdOf(team, team.owner);
    const targetId = await memberIdOf(team, team.target);
    const adminId = await memberIdOf(team, team.admin);
    expect((await team.admin.client.request(`/api/team/members/${ownerId}`, { method: "PATCH", json: { role: "member" } })).json).toMatchObject({ code: "role_not_allowed" });
    expect((await team.admin.client.request(`/api/team/members/${targetId}`, { method: "PATCH", json: { role: "owner" } })).json).toMatchObject({ code: "role_not_allowed" });
    expect((await team.admin.client.request(`/api/team/members/${adminId}`, { method: "PATCH", json: { role: "member" } })).json).toMatchObject({ code: "own_role" });
    expect((await team.admin.client.request(`/api/team/members/${targetId}`, { method: "PATCH", json: { role: "superuser" } })).status).toBe(400);
    expect((await team.admin.client.request(`/api/team/members/${targetId}`, { method: "PATCH", json: { role: "admin" } })).status).toBe(200);
    expect((await listOf(team.target.client)).viewer.role).toBe("admin");
    // A member of another team cannot reach this team's members, even by id.
    const [elsewhere] = (await makeTeam(server, ["Eve"], "Elsewhere")) as [Teammate];
    expect((await elsewhere.client.request(`/api/team/members/${targetId}`, { method: "DELETE" })).status).toBe(404);
  });

  it("hands ownership over: the new owner may then leave no more than the old one could", async () => {
    const team = await freshTeam();
    const leaving = await team.owner.client.post("/api/team/leave");
    expect([leaving.status, (leaving.json as { code: string }).code]).toEqual([409, "last_owner"]);
    expect((await team.owner.client.post("/api/team/transfer-ownership", { memberId: await memberIdOf(team, team.target) })).status).toBe(200);
    const rolesNow = Object.fromEntries((await listOf(team.target.client)).items.map((item) => [item.fullName, item.role]));
    expect(rolesNow).toMatchObject({ Olive: "admin", Tara: "owner" });
    expect((await team.owner.client.post("/api/team/leave")).status).toBe(200);
    expect((await team.target.client.post("/api/team/leave")).json).toMatchObject({ code: "last_owner" });
  });

  it("removes a member at once: their next request, their open stream, their parts on the team's blockers", async () => {
    const team = await freshTeam();
    const blockerId = await makeBlocker(team.member, [team.target, team.admin]);
    const stream = await openEventStream(team.target.client);
    try {
      // Read once, so that their membership is kept in memory: the removal must not wait for it to expire.
      expect((await team.target.client.request("/api/blockers/waiting-on-me")).status).toBe(200);
      expect((await team.admin.client.request(`/api/team/members/${await memberIdOf(team, team.target)}`, { method: "DELETE" })).status).toBe(200);
      expect((await team.target.client.request("/api/blockers/waiting-on-me")).status).toBe(403);
      await stream.ended();
      const blocker = (await team.member.client.request(`/api/blockers/${blockerId}`)).json as { blocking: { status: string; person: { id: string; formerMember: boolean } }[] };
      expect(blocker.blocking.find((part) => part.person.id === team.target.profileId)).toMatchObject({ status: "released", person: { formerMember: true } });
      expect((await listOf(team.owner.client)).total).toBe(3);
    } finally {
      stream.close();
    }
  });

  it("lets a member leave, and tells the team's open screens", async () => {
    const team = await freshTeam();
    const ownersStream = await openEventStream(team.owner.client);
    try {
      const blockerId = await makeBlocker(team.owner, [team.member]);
      await ownersStream.next(aboutBlocker(blockerId));
      expect((await team.member.client.inTeam(team.id).post("/api/team/leave")).status).toBe(200);
      await ownersStream.next((event) => event.data === JSON.stringify({ kind: "team" }));
      expect((await team.member.client.request("/api/team", { headers: { [TEAM_HEADER]: team.id } })).json).toMatchObject({ code: "not_a_member" });
    } finally {
      ownersStream.close();
    }
  });
});
