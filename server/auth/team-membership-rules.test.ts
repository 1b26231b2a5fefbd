// better-auth's organization endpoints may not change membership in a way Holdup's own routes would refuse
// (docs/decisions/018-team-membership-rules.md, 029-several-teams.md): teams created only by Holdup's routes, joined
// once each, invitations only through Holdup, no changing one's own role, no deleting a team.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { member, organization, user } from "../db/schema.ts";
import { invite, makeEmail, makeTeam, okJson, onboard, signUp, type Teammate } from "../test/factories.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";
import { organizationEndpointRules } from "./team-membership-rules.ts";

let server: TestServer;
let owner: Teammate, admin: Teammate, plain: Teammate;
let teamId: string;

beforeAll(async () => {
  server = await startTestServer({ smtp: false });
  [owner, admin, plain] = (await makeTeam(server, ["Owner", "Admin", "Plain"], "Payments")) as [Teammate, Teammate, Teammate];
  teamId = (await okJson(owner.client.api.team.$get())).id;
  await changeRole(owner, admin, "admin", 200);
});
afterAll(() => server?.stop());

const memberIdOf = async (who: Teammate) => {
  const { members } = (await owner.client.request(`/api/auth/organization/list-members?organizationId=${teamId}`)).json as { members: { id: string; user: { email: string } }[] };
  return members.find((row) => row.user.email === who.email)?.id ?? "";
};

async function changeRole(actor: Teammate, target: Teammate, role: unknown, expected: number) {
  const response = await actor.client.post("/api/auth/organization/update-member-role", { memberId: await memberIdOf(target), role, organizationId: teamId });
  expect(response.status, response.text).toBe(expected);
  // A refusal says why; a change answers the member.
  expect(response.json).toHaveProperty(expected >= 400 ? "message" : "role");
  return response;
}

const membershipsOf = (who: Teammate) =>
  server.deps.db.select({ teamId: member.organizationId, role: member.role }).from(member).innerJoin(user, eq(user.id, member.userId)).where(eq(user.email, who.email));

describe("better-auth's organization endpoints", () => {
  it("each have a rule, and decision 018's table names each of them", () => {
    const served = Object.values(server.deps.auth.api).flatMap((endpoint) => (typeof endpoint.path === "string" && endpoint.path.startsWith("/organization/") ? [endpoint.path] : []));
    expect(served.length).toBeGreaterThan(20);
    expect(served.filter((path) => !(path in organizationEndpointRules))).toEqual([]);
    const decision = fs.readFileSync(new URL("../../docs/decisions/018-team-membership-rules.md", import.meta.url), "utf8");
    expect(served.filter((path) => !decision.includes(`\`${path.replace("/organization/", "")}\``))).toEqual([]);
  });

  it("do not create a team: Holdup's routes do (onboarding, the team switcher)", async () => {
    const second = await plain.client.post("/api/auth/organization/create", { name: "Side project", slug: "side-project-by-plain" });
    expect(second.status, second.text).toBe(403);
    expect(second.json).toMatchObject({ message: expect.stringContaining("onboarding") });

    const newcomer = server.client();
    await signUp(newcomer);
    const first = await newcomer.post("/api/auth/organization/create", { name: "Elsewhere", slug: "elsewhere-by-newcomer" });
    expect(first.status, first.text).toBe(403);
    const refusedSlugs = await server.deps.db.select().from(organization).where(inArray(organization.slug, ["side-project-by-plain", "elsewhere-by-newcomer"]));
    expect(refusedSlugs).toEqual([]);
    // Onboarding makes the first team, once (a second click does not make a second).
    await onboard(newcomer, { teamName: "Elsewhere" });
    expect((await newcomer.api.onboarding.team.$post({ json: { name: "Another" } })).status).toBe(409);
  });

  it("let someone join another team only through Holdup's route, and never the same team twice", async () => {
    const [otherOwner] = (await makeTeam(server, ["Vera"], "Growth")) as [Teammate];
    const [wanderer] = (await makeTeam(server, ["Wanda"], "Home")) as [Teammate];
    const homeId = (await okJson(wanderer.client.api.team.$get())).id;
    const otherTeamId = (await okJson(otherOwner.client.api.team.$get())).id;
    const token = await invite(server, otherOwner.client, wanderer.email);
    const viaBetterAuth = await wanderer.client.post("/api/auth/organization/accept-invitation", { invitationId: token });
    expect(viaBetterAuth.status, viaBetterAuth.text).toBe(403);
    const viaHoldup = await wanderer.client.api.invitations[":id"].accept.$post({ param: { id: token }, json: { token } });
    expect(viaHoldup.status).toBe(200);
    expect((await membershipsOf(wanderer)).map((row) => row.teamId).sort()).toEqual([homeId, otherTeamId].sort());
    // Even Holdup's own server code cannot add someone to a team they are in (better-auth's server-only addMember
    // checks it first; Holdup's beforeAddMember hook would too), and the database would not take a second row.
    const [wandererUser] = await server.deps.db.select({ id: user.id }).from(user).where(eq(user.email, wanderer.email));
    await expect(server.deps.auth.api.addMember({ body: { userId: wandererUser?.id ?? "", organizationId: otherTeamId, role: "member" } })).rejects.toMatchObject({ body: { message: expect.stringMatching(/already a member/i) } });
    await expect(server.deps.db.insert(member).values({ id: "duplicate-membership", organizationId: otherTeamId, userId: wandererUser?.id ?? "", role: "member", createdAt: new Date() })).rejects.toMatchObject({ cause: expect.objectContaining({ code: "23505" }) }); // unique_violation
    expect(await membershipsOf(wanderer)).toHaveLength(2);
  });

  it("do not send invitations: Holdup's invite page does, as members", async () => {
    const invited = await admin.client.post("/api/auth/organization/invite-member", { email: makeEmail("second-admin"), role: "admin", organizationId: teamId });
    expect(invited.status, invited.text).toBe(403);
  });

  it("do not let anyone change their own role, nor give a role Holdup does not know", async () => {
    await changeRole(plain, plain, "admin", 403);
    await changeRole(admin, admin, "owner", 403);
    // An owner does not demote themselves, even with another owner there to keep the team.
    await changeRole(owner, admin, "owner", 200);
    await changeRole(owner, owner, "member", 403);
    // A list of roles would make someone an admin to better-auth and not to Holdup.
    await changeRole(owner, plain, ["admin", "member"], 400);
    await changeRole(owner, plain, "superuser", 400);
    // An owner or admin changing someone else's role is what the endpoint is for.
    await changeRole(admin, plain, "admin", 200);
    await changeRole(owner, plain, "member", 200);
    expect(await membershipsOf(plain)).toEqual([{ teamId, role: "member" }]);
    expect(await membershipsOf(owner)).toEqual([{ teamId, role: "owner" }]);
  });

  it("do not delete a team", async () => {
    const deleted = await owner.client.post("/api/auth/organization/delete", { organizationId: teamId });
    expect(deleted.status, deleted.text).toBe(403);
    expect((await okJson(owner.client.api.team.$get())).id).toBe(teamId);
  });

  it("let someone switch the active team only to their own, which changes nothing Holdup reads", async () => {
    expect((await plain.client.post("/api/auth/organization/set-active", { organizationId: teamId })).status).toBe(200);
    const [elsewhere] = (await makeTeam(server, ["Stranger"], "Elsewhere")) as [Teammate];
    const elsewhereId = (await okJson(elsewhere.client.api.team.$get())).id;
    expect((await plain.client.post("/api/auth/organization/set-active", { organizationId: elsewhereId })).status).toBe(403);
    expect((await okJson(plain.client.api.team.$get())).id).toBe(teamId);
  });
});
