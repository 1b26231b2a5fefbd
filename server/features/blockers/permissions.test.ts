// Who may do what, for every blocker route: creator, blocking person, waiting person, another member, an admin,
// a member of another team, and someone not signed in. Each case gets a fresh blocker, so no case depends on another.
// The cases are checked against the app's route table: a new route on a blocker cannot be added without one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app.ts";
import { BrowserLikeClient } from "../../test/browser-like-client.ts";
import { routeKey, routeTable } from "../../test/fuzz/route-table.ts";
import { makeBlocker, makeTeam, type Teammate } from "../../test/factories.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

let server: TestServer;
let admin: Teammate, creator: Teammate, blocking: Teammate, waiting: Teammate, member: Teammate, outsider: Teammate;

beforeAll(async () => {
  server = await startTestServer({ smtp: false });
  // The first person creates the team and is its owner: the admin of these cases.
  [admin, creator, blocking, waiting, member] = (await makeTeam(server, ["Olivia", "Alice", "Bob", "Carol", "Erin"])) as [Teammate, Teammate, Teammate, Teammate, Teammate];
  [outsider] = (await makeTeam(server, ["Mallory"], "Another team")) as [Teammate];
});
afterAll(() => server?.stop());

type Role = "creator" | "blocking" | "waiting" | "member" | "admin" | "outsider" | "anonymous";
const roles: Role[] = ["creator", "blocking", "waiting", "member", "admin", "outsider", "anonymous"];
const clientOf = (role: Role) =>
  role === "anonymous" ? new BrowserLikeClient(server.url) : { creator, blocking, waiting, member, admin, outsider }[role].client;

type Case = { name: string; method?: string; route: string; path: (id: string) => string; body?: () => unknown; allowed: Partial<Record<Role, number>>; setUp?: (id: string) => Promise<void> };

const snoozeFirst = async (id: string) => {
  expect((await blocking.client.post(`/api/blockers/${id}/snooze`, { choice: "tomorrow" })).status).toBe(200);
};

const resolveFirst = async (id: string) => {
  expect((await creator.client.post(`/api/blockers/${id}/resolve`)).status).toBe(200);
};

// What each role gets; anyone not listed: 403 in the team, 404 from another team, 401 when signed out.
const cases: Case[] = [
  { name: "edit its details", method: "PATCH", route: "PATCH /api/blockers/:id", path: (id) => `/api/blockers/${id}`, body: () => ({ title: "Staging credentials, again" }), allowed: { creator: 200, admin: 200 } },
  { name: "read the blocker", method: "GET", route: "GET /api/blockers/:id", path: (id) => `/api/blockers/${id}`, allowed: { creator: 200, blocking: 200, waiting: 200, member: 200, admin: 200 } },
  { name: "mark a part done", route: "POST /api/blockers/:id/done", path: (id) => `/api/blockers/${id}/done`, allowed: { blocking: 200 } },
  { name: "decline", route: "POST /api/blockers/:id/decline", path: (id) => `/api/blockers/${id}/decline`, body: () => ({ reason: "Not mine" }), allowed: { blocking: 200 } },
  { name: "snooze", route: "POST /api/blockers/:id/snooze", path: (id) => `/api/blockers/${id}/snooze`, body: () => ({ until: new Date(Date.now() + 86_400_000).toISOString() }), allowed: { blocking: 200 } },
  // Only the change's author may undo it; anyone else on the blocker is told it cannot be.
  { name: "undo", route: "POST /api/blockers/:id/undo", path: (id) => `/api/blockers/${id}/undo`, body: () => ({ change: "snoozed" }), setUp: snoozeFirst, allowed: { blocking: 200, creator: 409, waiting: 409, admin: 409 } },
  { name: "comment", route: "POST /api/blockers/:id/comments", path: (id) => `/api/blockers/${id}/comments`, body: () => ({ body: "Any news?" }), allowed: { creator: 201, blocking: 201, waiting: 201, admin: 201 } },
  { name: "nudge", route: "POST /api/blockers/:id/nudge", path: (id) => `/api/blockers/${id}/nudge`, body: () => ({ profileId: blocking.profileId }), allowed: { creator: 200, waiting: 200 } },
  { name: "resolve", route: "POST /api/blockers/:id/resolve", path: (id) => `/api/blockers/${id}/resolve`, allowed: { creator: 200, admin: 200 } },
  { name: "cancel", route: "POST /api/blockers/:id/cancel", path: (id) => `/api/blockers/${id}/cancel`, allowed: { creator: 200, admin: 200 } },
  { name: "reopen", route: "POST /api/blockers/:id/reopen", path: (id) => `/api/blockers/${id}/reopen`, setUp: resolveFirst, allowed: { creator: 200, blocking: 200, waiting: 200, admin: 200 } },
  { name: "add a person", route: "POST /api/blockers/:id/people", path: (id) => `/api/blockers/${id}/people`, body: () => ({ profileId: member.profileId, role: "waiting" }), allowed: { creator: 201, blocking: 201, waiting: 201, admin: 201 } },
  { name: "remove a person", method: "DELETE", route: "DELETE /api/blockers/:id/people/:profileId", path: (id) => `/api/blockers/${id}/people/${waiting.profileId}?role=waiting`, allowed: { creator: 200, blocking: 200, waiting: 200, admin: 200 } },
];

describe("the permission matrix", () => {
  it("has a case for every route on one blocker", () => {
    const onOneBlocker = routeTable(createApp(server.deps), server.deps.auth)
      .map(routeKey)
      .filter((key) => key.includes("/api/blockers/:id"));
    expect(cases.map((testCase) => testCase.route).sort()).toEqual(onOneBlocker.sort());
  });

  for (const testCase of cases) {
    it(`${testCase.name}: ${roles.map((role) => `${role} ${testCase.allowed[role] ?? "refused"}`).join(", ")}`, async () => {
      for (const role of roles) {
        const id = await makeBlocker(creator, [blocking], { alsoBlocked: [waiting] });
        await testCase.setUp?.(id);
        const client = clientOf(role);
        const method = testCase.method ?? "POST";
        const response = await client.request(testCase.path(id), { method, ...(method === "POST" || testCase.body ? { json: testCase.body?.() ?? {} } : {}) });
        const expected = testCase.allowed[role] ?? (role === "anonymous" ? 401 : role === "outsider" ? 404 : 403);
        expect(response.status, `${role}: ${response.text}`).toBe(expected);
      }
    });
  }

  it("keeps lists, notifications and profiles of one team away from another", async () => {
    const id = await makeBlocker(creator, [blocking]);
    const [notification] = (await blocking.client.request("/api/notifications")).json as { id: string }[];
    for (const path of [`/api/blockers/${id}`, `/api/people/${creator.profileId}`]) expect((await outsider.client.request(path)).status, path).toBe(404);
    expect((await outsider.client.post(`/api/notifications/${notification?.id}/read`)).status).toBe(404);
    const theirLists = await Promise.all(["/api/blockers/waiting-on-me", "/api/blockers/im-waiting-on", "/api/blockers/resolved", "/api/people"].map((path) => outsider.client.request(path)));
    for (const list of theirLists) expect(JSON.stringify(list.json)).not.toContain(creator.profileId);
  });

  it("refuses every blocker route to someone signed in who has no team yet", async () => {
    const loner = server.client();
    await loner.post("/api/auth/sign-up/email", { email: "loner@example.com", password: "violet-harbour-kettle-42", name: "" });
    const id = await makeBlocker(creator, [blocking]);
    expect((await loner.request(`/api/blockers/${id}`)).status).toBe(403);
    expect((await loner.request("/api/blockers/waiting-on-me")).status).toBe(403);
  });
});
