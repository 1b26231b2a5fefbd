// Several teams per person (docs/decisions/029-several-teams.md): each request names the team it acts in, and
// everything — lists, counters, notifications, live events, the people picker — is that team's only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_TEAMS_PER_PERSON, TEAM_HEADER } from "../../../common/teams.ts";
import { GITHUB_WEBHOOK_PREFIX } from "../../../common/github.ts";
import { createApp } from "../../app.ts";
import { SLACK_REQUEST_PATHS } from "../slack/routes.ts";
import { aboutBlocker, openEventStream } from "../../test/event-stream.ts";
import { invite, makeBlocker, makeTeam, okJson, type Teammate } from "../../test/factories.ts";
import { routeTable } from "../../test/fuzz/route-table.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

let server: TestServer;
// Dana is in Payments (her first team) and in Growth (joined by invitation); Paul is in Payments, Gus in Growth.
let dana: Teammate, paul: Teammate, gus: Teammate, stranger: Teammate;
let paymentsId: string, growthId: string, elsewhereId: string;

beforeAll(async () => {
  server = await startTestServer({ smtp: false });
  [dana, paul] = (await makeTeam(server, ["Dana", "Paul"], "Payments")) as [Teammate, Teammate];
  [gus] = (await makeTeam(server, ["Gus"], "Growth")) as [Teammate];
  [stranger] = (await makeTeam(server, ["Stranger"], "Elsewhere")) as [Teammate];
  paymentsId = (await okJson(dana.client.api.team.$get())).id;
  growthId = (await okJson(gus.client.api.team.$get())).id;
  elsewhereId = (await okJson(stranger.client.api.team.$get())).id;
  const token = await invite(server, gus.client, dana.email);
  await okJson(dana.client.api.invitations[":id"].accept.$post({ param: { id: token }, json: { token } }));
});
afterAll(() => server?.stop());

const titlesOf = (page: unknown) => (page as { items: { title: string }[] }).items.map((item) => item.title);

describe("a person in several teams", () => {
  it("lists their teams, oldest first, each with what waits on them there", async () => {
    await makeBlocker(gus, [dana], { title: "Growth: the launch copy" });
    const teams = await okJson(dana.client.api.teams.$get());
    expect(teams.map((team) => [team.name, team.role, team.memberCount])).toEqual([
      ["Payments", "owner", 2],
      ["Growth", "member", 2],
    ]);
    expect(teams.find((team) => team.id === growthId)?.waitingOnMe).toBeGreaterThanOrEqual(1);
    expect(teams.find((team) => team.id === paymentsId)?.waitingOnMe).toBe(0);
  });

  it("sees each team's blockers, counters and people only in a tab on that team", async () => {
    await makeBlocker(paul, [dana], { title: "Payments: the refund API" });
    await makeBlocker(gus, [dana], { title: "Growth: the pricing page" });
    const inPayments = dana.client.inTeam(paymentsId);
    const inGrowth = dana.client.inTeam(growthId);

    const paymentsList = titlesOf((await inPayments.request("/api/blockers/waiting-on-me")).json);
    const growthList = titlesOf((await inGrowth.request("/api/blockers/waiting-on-me")).json);
    expect(paymentsList).toContain("Payments: the refund API");
    expect(paymentsList.some((title) => title.startsWith("Growth"))).toBe(false);
    expect(growthList).toContain("Growth: the pricing page");
    expect(growthList.some((title) => title.startsWith("Payments"))).toBe(false);

    const counters = async (tab: typeof inPayments) => (await tab.request("/api/counters")).json as { waitingOnMe: number };
    expect((await counters(inPayments)).waitingOnMe).toBe(paymentsList.length);
    expect((await counters(inGrowth)).waitingOnMe).toBe(growthList.length);

    const people = async (tab: typeof inPayments) => ((await tab.request("/api/people")).json as { id: string }[]).map((person) => person.id);
    expect(await people(inPayments)).toContain(paul.profileId);
    expect(await people(inPayments)).not.toContain(gus.profileId);
    expect(await people(inGrowth)).toContain(gus.profileId);
    expect(await people(inGrowth)).not.toContain(paul.profileId);

    // The team itself, with the role held there.
    expect((await inGrowth.request("/api/team")).json).toMatchObject({ id: growthId, name: "Growth", role: "member" });
    // Naming no team is acting in the first one (the oldest membership).
    expect((await dana.client.request("/api/team")).json).toMatchObject({ id: paymentsId });
  });

  it("logs a blocker in the tab's team, and cannot name someone of another team on it", async () => {
    const inGrowth = dana.client.inTeam(growthId);
    const created = await inGrowth.request("/api/blockers", { json: { title: "Growth: the A/B results", blockingProfileIds: [gus.profileId], alsoBlockedProfileIds: [], priority: "normal" } });
    expect(created.status, created.text).toBe(201);
    const id = (created.json as { id: string }).id;
    expect((await inGrowth.request(`/api/blockers/${id}`)).status).toBe(200);
    // The same blocker from a tab on the other team: not there.
    expect((await dana.client.inTeam(paymentsId).request(`/api/blockers/${id}`)).status).toBe(404);
    const crossTeam = await inGrowth.request("/api/blockers", { json: { title: "Across teams", blockingProfileIds: [paul.profileId], alsoBlockedProfileIds: [], priority: "normal" } });
    expect(crossTeam.status).toBeGreaterThanOrEqual(400);
    expect(crossTeam.status).toBeLessThan(500);
  });

  it("hears on a team's event stream only that team's changes", async () => {
    const paymentsStream = await openEventStream(dana.client, undefined, { team: paymentsId });
    const growthStream = await openEventStream(dana.client, undefined, { team: growthId });
    try {
      const growthBlocker = await makeBlocker(gus, [dana], { title: "Growth: heard live" });
      const paymentsBlocker = await makeBlocker(paul, [dana], { title: "Payments: heard live" });
      await growthStream.next(aboutBlocker(growthBlocker));
      await paymentsStream.next(aboutBlocker(paymentsBlocker));
      // Each stream has heard the other team's change by now if it ever would: both were published before.
      expect(growthStream.received.some(aboutBlocker(paymentsBlocker))).toBe(false);
      expect(paymentsStream.received.some(aboutBlocker(growthBlocker))).toBe(false);
    } finally {
      paymentsStream.close();
      growthStream.close();
    }
  });

  it("refuses a request naming a team that is not theirs, on every team route, before anything else", async () => {
    const teamRoutes = routeTable(createApp(server.deps), server.deps.auth).filter(
      (route) => route.owner === "holdup" && route.path.startsWith("/api/") && !route.path.endsWith("*") && !teamlessPrefixes.some((prefix) => route.path.startsWith(prefix)),
    );
    expect(teamRoutes.length).toBeGreaterThan(20);
    for (const route of teamRoutes) {
      const path = route.path.replaceAll(/:(\w+)/g, "x");
      const method = route.method === "ALL" ? "GET" : route.method;
      const answer = await dana.client.request(path, { method, headers: { [TEAM_HEADER]: elsewhereId }, ...(method === "GET" ? {} : { json: {} }) });
      expect([answer.status, (answer.json as { code?: string } | null)?.code], `${route.method} ${route.path}: ${answer.text}`).toEqual([403, "not_a_member"]);
    }
  });

  it("answers a malformed team with a 400 naming the field", async () => {
    const answer = await dana.client.request("/api/team", { headers: { [TEAM_HEADER]: "not a team!" } });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ code: "validation_failed", fields: { team: [expect.any(String)] } });
  });

  it("leaves one team and keeps the other, streams included", async () => {
    const [owner, leaver] = (await makeTeam(server, ["Olga", "Leo"], "Short-lived")) as [Teammate, Teammate];
    const shortLivedId = (await okJson(owner.client.api.team.$get())).id;
    const token = await invite(server, gus.client, leaver.email);
    await okJson(leaver.client.api.invitations[":id"].accept.$post({ param: { id: token }, json: { token } }));
    const growthStream = await openEventStream(leaver.client, undefined, { team: growthId });
    const shortLivedStream = await openEventStream(leaver.client, undefined, { team: shortLivedId });
    try {
      const left = await leaver.client.post("/api/auth/organization/leave", { organizationId: shortLivedId });
      expect(left.status, left.text).toBe(200);
      await shortLivedStream.ended();
      const stillThere = await makeBlocker(gus, [leaver], { title: "Growth: after leaving the other team" });
      await growthStream.next(aboutBlocker(stillThere));
      expect((await leaver.client.inTeam(shortLivedId).request("/api/team")).json).toMatchObject({ code: "not_a_member" });
      expect((await leaver.client.request("/api/team")).json).toMatchObject({ id: growthId });
    } finally {
      growthStream.close();
      shortLivedStream.close();
    }
  });
});

describe("joining and creating teams", () => {
  it("tells the team's open screens, and no other team's, when someone joins or leaves", async () => {
    const [owner] = (await makeTeam(server, ["Omar"], "Research")) as [Teammate];
    const [newcomer] = (await makeTeam(server, ["Nina"], "Nina's team")) as [Teammate];
    const researchStream = await openEventStream(owner.client);
    const othersStream = await openEventStream(stranger.client);
    const teamChanged = (event: { event: string; data: string }) => event.event === "change" && event.data === JSON.stringify({ kind: "team" });
    try {
      const token = await invite(server, owner.client, newcomer.email);
      await okJson(newcomer.client.api.invitations[":id"].accept.$post({ param: { id: token }, json: { token } }));
      await researchStream.next(teamChanged);
      const researchId = (await okJson(owner.client.api.team.$get())).id;
      expect((await okJson(owner.client.api.team.$get())).memberCount).toBe(2);
      researchStream.received.length = 0;
      const left = await newcomer.client.post("/api/auth/organization/leave", { organizationId: researchId });
      expect(left.status, left.text).toBe(200);
      await researchStream.next(teamChanged);
      expect((await okJson(owner.client.api.team.$get())).memberCount).toBe(1);
      expect(othersStream.received.filter(teamChanged)).toEqual([]);
    } finally {
      researchStream.close();
      othersStream.close();
    }
  });

  it("creates another team of one's own from the switcher, as its owner", async () => {
    const created = await paul.client.api.teams.$post({ json: { name: "Side project" } });
    expect(created.status).toBe(201);
    const team = await okJson(Promise.resolve(created));
    expect(team).toMatchObject({ name: "Side project", role: "owner", memberCount: 1 });
    expect((await okJson(paul.client.api.teams.$get())).map((mine) => mine.name)).toEqual(["Payments", "Side project"]);
    // Its name follows the same rules as onboarding's.
    const blank = await paul.client.request("/api/teams", { json: { name: "  " } });
    expect(blank.status).toBe(400);
    expect(blank.json).toMatchObject({ fields: { name: [expect.any(String)] } });
  });

  it(`stops at ${MAX_TEAMS_PER_PERSON} teams, whichever way the next one would come`, async () => {
    const [collector] = (await makeTeam(server, ["Collector"], "Team 1")) as [Teammate];
    for (let number = 2; number <= MAX_TEAMS_PER_PERSON; number++) {
      expect((await collector.client.api.teams.$post({ json: { name: `Team ${number}` } })).status).toBe(201);
    }
    const oneMore = await collector.client.request("/api/teams", { json: { name: "One too many" } });
    expect([oneMore.status, (oneMore.json as { code: string }).code]).toEqual([409, "too_many_teams"]);
    const token = await invite(server, gus.client, collector.email);
    const joined = await collector.client.request(`/api/invitations/${token}/accept`, { json: { token } });
    expect([joined.status, (joined.json as { code: string }).code]).toEqual([409, "too_many_teams"]);
    expect(await okJson(collector.client.api.teams.$get())).toHaveLength(MAX_TEAMS_PER_PERSON);
  });

  it("does not invite someone to a team they are already in", async () => {
    const invited = await okJson(gus.client.api.team.invitations.$post({ json: { emails: [dana.email] } }));
    expect(invited.outcomes).toEqual([{ email: dana.email, invited: false, message: expect.stringMatching(/already a member/i) }]);
  });
});

/** Routes that act in no team: the person's own (profile, onboarding, invitations received, teams), support, health, Stripe's and GitHub's webhooks. (`/api/*` is the 404.) */
// The public API's team is its key's, whatever the request names (public-api.test.ts shows a named team is ignored).
const teamlessPrefixes = ["/api/v1", "/api/mcp", "/api/auth", "/api/profile", "/api/avatars", "/api/account", "/api/email-links", "/api/onboarding", "/api/invitations", "/api/join", "/api/teams", "/api/support", "/api/health", "/api/billing/stripe", ...SLACK_REQUEST_PATHS, "/api/slack/oauth", "/api/slack/connect", GITHUB_WEBHOOK_PREFIX];
