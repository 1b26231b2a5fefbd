// GitHub through the real app (decision 041): a team's owners and admins connect it and get an address and a secret;
// deliveries are sent here as GitHub sends them — its headers, its payloads (server/test/github-payloads.ts), signed
// with node:crypto rather than Holdup's code — and a merged pull request or a closed issue marks the linked blockers'
// parts done by GitHub; a pull request closed unmerged does not; a delivery is applied once; a bad signature is a 401
// that changes nothing; `/holdup waiting on @bob` logs a blocker; the live state shows on the blocker's page; the Free
// plan's two integrations; members who are not admins cannot connect.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blockers, githubConnections, webhookDeliveries, webhookEndpoints } from "../../db/schema.ts";
import { makeTeam, okJson, testClock, type Teammate } from "../../test/factories.ts";
import { issueCommentEvent, issuesEvent, pingEvent, pullRequestEvent, sendGithubDelivery, githubSignature, type GithubDelivery } from "../../test/github-payloads.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

type Team = { id: string; owner: Teammate; admin: Teammate; member: Teammate; bob: Teammate };
type Repository = { fullName: string; lastDeliveryAt: string; lastEvent: string; health: string; lastBadSignatureAt: string | null };
type Connection = { id: string; webhookUrl: string | null; lastBadSignatureAt: string | null; lastSkipped: { at: string; reason: string } | null; repositories: Repository[] };
type Summary = { canManage: boolean; room: string; connection: Connection | null };
type TimelineEvent = { type: string; actor: { id: string } | null; subject: { id: string } | null; payload: Record<string, unknown> };
type Detail = { id: string; title: string; status: string; linkUrl: string | null; creator: { id: string }; blocking: { person: { id: string }; status: string }[]; github: { state: string; title: string; updatedAt: string; kind: string } | null; timeline: TimelineEvent[] };

const REPO = "acme/payments-api";
const clock = testClock();
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ smtp: false, clock });
});
afterAll(() => server?.stop());

async function teamOf(name: string): Promise<Team> {
  const [owner, admin, member, bob] = (await makeTeam(server, ["Olive", "Adam", "Mia", "Bob"], name)) as [Teammate, Teammate, Teammate, Teammate];
  const id = (await okJson(owner.client.api.team.$get())).id;
  const members = (await owner.client.request("/api/team/members")).json as { items: { memberId: string; profileId: string }[] };
  const adminRow = members.items.find((row) => row.profileId === admin.profileId);
  const promoted = await owner.client.request(`/api/team/members/${adminRow?.memberId}`, { method: "PATCH", json: { role: "admin" } });
  expect(promoted.status, promoted.text).toBe(200);
  return { id, owner, admin, member, bob };
}

async function linkLogin(person: Teammate, githubLogin: string | null) {
  const answer = await person.client.request("/api/profile", { method: "PATCH", json: { githubLogin } });
  expect(answer.status, answer.text).toBe(200);
}

async function connect(by: Teammate) {
  const answer = await by.client.post("/api/team/github");
  expect(answer.status, answer.text).toBe(201);
  const { connection, secret } = answer.json as { connection: Connection; secret: string };
  if (!connection.webhookUrl) throw new Error("An admin is shown the webhook's address");
  return { url: connection.webhookUrl, secret, id: connection.id };
}

const summaryOf = async (by: Teammate) => (await by.client.request("/api/team/github")).json as Summary;
const detailOf = async (by: Teammate, blockerId: string) => (await by.client.request(`/api/blockers/${blockerId}`)).json as Detail;

async function blockerLinking(author: Teammate, blocking: Teammate[], linkUrl: string, title = "Refunds endpoint") {
  const answer = await author.client.request("/api/blockers", { json: { title, blockingProfileIds: blocking.map((person) => person.profileId), linkUrl } });
  expect(answer.status, answer.text).toBe(201);
  return (answer.json as { id: string }).id;
}

/** A connected team whose Olive and Bob linked their GitHub logins. */
async function connectedTeam(name: string) {
  const team = await teamOf(name);
  const hook = await connect(team.admin);
  await linkLogin(team.owner, "olive-gh");
  await linkLogin(team.bob, "Bob-GH");
  const send = async (delivery: GithubDelivery) => sendGithubDelivery(hook.url, hook.secret, delivery);
  return { ...team, hook, send };
}

describe("connecting GitHub", () => {
  it("gives owners and admins an address and a secret; members see the connection, not its address, and cannot connect, rotate or disconnect", async () => {
    const team = await teamOf("Connecting");
    const beforeMember = await summaryOf(team.member);
    expect(beforeMember).toEqual({ canManage: false, room: "not_allowed", connection: null });
    for (const [method, path] of [["POST", "/api/team/github"], ["POST", "/api/team/github/rotate-secret"], ["DELETE", "/api/team/github"]] as const) {
      const refused = await team.member.client.request(path, { method, ...(method === "POST" ? { json: {} } : {}) });
      expect([refused.status, (refused.json as { code: string }).code], path).toEqual([403, "not_allowed"]);
    }
    expect((await summaryOf(team.admin)).room).toBe("available");

    const hook = await connect(team.admin);
    expect(hook.url).toBe(`${server.url}/api/integrations/github/webhook/${hook.id}`);
    expect(hook.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await team.owner.client.post("/api/team/github");
    expect([again.status, (again.json as { code: string }).code]).toEqual([409, "github_already_connected"]);
    const asMember = await summaryOf(team.member);
    expect(asMember).toMatchObject({ canManage: false, room: "connected", connection: { id: hook.id, webhookUrl: null, repositories: [] } });
    expect(JSON.stringify(asMember)).not.toContain(hook.secret);
    // The secret is kept sealed: not in the row as it was given.
    const [row] = await server.deps.db.select({ sealed: githubConnections.sealedSecret }).from(githubConnections).where(eq(githubConnections.id, hook.id));
    expect(row?.sealed).toMatch(/^v1\./);
    expect(row?.sealed).not.toContain(hook.secret);
  });

  it("hears a repository's ping, lists it with its last delivery, and says when a delivery came with a bad signature", async () => {
    const team = await connectedTeam("Repository set");
    const ping = await team.send({ event: "ping", payload: pingEvent(REPO) });
    expect(ping.status, JSON.stringify(ping.json)).toBe(200);
    let connection = (await summaryOf(team.member)).connection;
    expect(connection?.repositories).toEqual([{ fullName: REPO, lastDeliveryAt: clock.now().toISOString(), lastEvent: "ping", health: "ok", lastBadSignatureAt: null }]);

    clock.advance(60_000);
    const bad = await team.send({ event: "pull_request", payload: pullRequestEvent({ action: "opened", repository: REPO, number: 3 }), signature: githubSignature("an old secret", "{}") });
    expect(bad.status).toBe(401);
    connection = (await summaryOf(team.admin)).connection;
    expect(connection?.lastBadSignatureAt).toBe(clock.now().toISOString());
    expect(connection?.repositories[0]).toMatchObject({ fullName: REPO, health: "bad_signature" });

    clock.advance(60_000);
    expect((await team.send({ event: "pull_request", payload: pullRequestEvent({ action: "opened", repository: REPO, number: 3 }) })).status).toBe(200);
    expect((await summaryOf(team.admin)).connection?.repositories[0]).toMatchObject({ health: "ok", lastEvent: "pull_request.opened" });
  });

  it("rotates the secret: deliveries signed with the old one are refused, with the new one applied", async () => {
    const team = await connectedTeam("Rotation");
    const rotated = await team.admin.client.post("/api/team/github/rotate-secret");
    expect(rotated.status, rotated.text).toBe(200);
    const { secret } = rotated.json as { secret: string };
    expect(secret).not.toBe(team.hook.secret);
    expect((await team.send({ event: "ping", payload: pingEvent(REPO) })).status).toBe(401);
    expect((await sendGithubDelivery(team.hook.url, secret, { event: "ping", payload: pingEvent(REPO) })).status).toBe(200);
  });

  it("disconnects: the address then answers 404, and the live state goes with it", async () => {
    const team = await connectedTeam("Disconnecting");
    const blockerId = await blockerLinking(team.owner, [team.bob], `https://github.com/${REPO}/pull/5`);
    await team.send({ event: "pull_request", payload: pullRequestEvent({ action: "opened", repository: REPO, number: 5 }) });
    expect((await detailOf(team.owner, blockerId)).github?.state).toBe("open");
    expect((await team.owner.client.request("/api/team/github", { method: "DELETE" })).status).toBe(200);
    expect((await team.send({ event: "ping", payload: pingEvent(REPO) })).json).toMatchObject({ code: "github_not_connected" });
    expect((await detailOf(team.owner, blockerId)).github).toBeNull();
    expect((await summaryOf(team.admin)).connection).toBeNull();
    expect((await team.owner.client.request("/api/team/github", { method: "DELETE" })).status).toBe(404);
  });
});

describe("closing blockers from GitHub", () => {
  it("resolves the blocker linking to a merged pull request, its parts marked done by GitHub on its timeline", async () => {
    const team = await connectedTeam("Merged");
    const blockerId = await blockerLinking(team.owner, [team.bob, team.member], `https://github.com/${REPO}/pull/12`);
    const elsewhere = await blockerLinking(team.owner, [team.bob], `https://github.com/${REPO}/pull/120`, "Another pull request");
    const merged = await team.send({ event: "pull_request", payload: pullRequestEvent({ action: "closed", repository: REPO, number: 12, merged: true }) });
    expect(merged.status, JSON.stringify(merged.json)).toBe(200);
    expect(merged.json).toMatchObject({ ok: true, outcome: "applied", resolvedBlockers: [blockerId] });

    const detail = await detailOf(team.owner, blockerId);
    expect(detail.status).toBe("resolved");
    expect(detail.blocking.map((part) => part.status)).toEqual(["done", "done"]);
    const done = detail.timeline.filter((event) => event.type === "done");
    expect(done.map((event) => event.subject?.id).sort()).toEqual([team.bob.profileId, team.member.profileId].sort());
    for (const event of done) {
      expect(event.actor).toBeNull();
      expect(event.payload).toMatchObject({ by: "github", event: "merged", kind: "pull_request", repository: REPO, number: 12, url: `https://github.com/${REPO}/pull/12` });
    }
    expect(detail.timeline.at(-1)).toMatchObject({ type: "resolved", actor: null, payload: { automatic: true, by: "github" } });
    expect(detail.github).toMatchObject({ state: "merged", kind: "pull_request", title: "Add the refunds endpoint" });
    expect((await detailOf(team.owner, elsewhere)).status).toBe("open");
  });

  it("tells the team's webhooks whose part GitHub marked done", async () => {
    const team = await connectedTeam("Merged, with a webhook");
    // Saved, not reached: the payload is built when the change is recorded, which is what is read here.
    const added = await team.admin.client.request("/api/team/webhooks", { json: { url: "https://receiver.invalid/holdup", events: ["blocker.done"] } });
    expect(added.status, added.text).toBe(201);
    const blockerId = await blockerLinking(team.owner, [team.bob], `https://github.com/${REPO}/pull/21`);
    await team.send({ event: "pull_request", payload: pullRequestEvent({ action: "closed", repository: REPO, number: 21, merged: true }) });
    const [delivery] = await server.deps.db.select({ body: webhookDeliveries.body }).from(webhookDeliveries).innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId)).where(eq(webhookEndpoints.teamId, team.id));
    expect(JSON.parse(delivery?.body ?? "{}")).toMatchObject({ type: "blocker.done", data: { blocker: { id: blockerId }, actor: null, person: { id: team.bob.profileId } } });
  });

  it("leaves a blocker open when its pull request is closed without merging, and shows the state closed", async () => {
    const team = await connectedTeam("Closed unmerged");
    const blockerId = await blockerLinking(team.owner, [team.bob], `https://github.com/${REPO}/pull/13/files`);
    const closed = await team.send({ event: "pull_request", payload: pullRequestEvent({ action: "closed", repository: REPO, number: 13, merged: false }) });
    expect(closed.json).toMatchObject({ ok: true, outcome: "applied" });
    expect(closed.json.resolvedBlockers).toBeUndefined();
    const detail = await detailOf(team.owner, blockerId);
    expect(detail.status).toBe("open");
    expect(detail.blocking[0]?.status).toBe("pending");
    expect(detail.github?.state).toBe("closed");
    expect(detail.timeline.map((event) => event.type)).toEqual(["created"]);
  });

  it("resolves the blockers linking to an issue when it is closed; a part answered before stays as it was", async () => {
    const team = await connectedTeam("Issue closed");
    const blockerId = await blockerLinking(team.owner, [team.bob, team.member], `HTTPS://GitHub.com/ACME/Payments-API/issues/7#issuecomment-1`);
    expect((await team.member.client.post(`/api/blockers/${blockerId}/decline`, { reason: "Not mine: Bob's" })).status).toBe(200);
    const answer = await team.send({ event: "issues", payload: issuesEvent({ action: "closed", repository: REPO, number: 7 }) });
    expect(answer.json).toMatchObject({ resolvedBlockers: [blockerId] });
    const detail = await detailOf(team.owner, blockerId);
    expect(detail.status).toBe("resolved");
    expect(Object.fromEntries(detail.blocking.map((part) => [part.person.id, part.status]))).toEqual({ [team.bob.profileId]: "done", [team.member.profileId]: "declined" });
    expect(detail.timeline.find((event) => event.type === "done")).toMatchObject({ actor: null, subject: { id: team.bob.profileId }, payload: { by: "github", event: "closed", kind: "issue", number: 7 } });
    expect(detail.github).toMatchObject({ state: "closed", kind: "issue" });
  });

  it("applies a delivery once, however often GitHub sends it", async () => {
    const team = await connectedTeam("Once");
    const delivery = { event: "issue_comment", payload: issueCommentEvent({ repository: REPO, number: 40, commenter: "olive-gh", body: "/holdup waiting on @bob-gh for the schema review", onPullRequest: true }) };
    const first = await team.send(delivery);
    expect(first.json).toMatchObject({ outcome: "applied", loggedBlocker: expect.any(String) });
    const repeat = await team.send({ ...delivery, deliveryId: first.deliveryId });
    expect([repeat.status, repeat.json.outcome]).toEqual([200, "duplicate"]);
    const logged = await server.deps.db.select({ id: blockers.id }).from(blockers).where(eq(blockers.linkUrl, `https://github.com/${REPO}/pull/40`));
    expect(logged).toHaveLength(1);
  });

  it("refuses a delivery with a bad or missing signature with a 401 in the app's shape, and changes nothing", async () => {
    const team = await connectedTeam("Bad signature");
    const blockerId = await blockerLinking(team.owner, [team.bob], `https://github.com/${REPO}/pull/21`);
    const payload = pullRequestEvent({ action: "closed", repository: REPO, number: 21, merged: true });
    const wrongSecret = await team.send({ event: "pull_request", payload, signature: githubSignature("not the secret", JSON.stringify(payload)) });
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.json).toEqual({ code: "github_signature_invalid", message: expect.stringContaining("secret") });
    const missing = await team.send({ event: "pull_request", payload, signature: null });
    expect([missing.status, missing.json.code]).toEqual([401, "github_signature_missing"]);
    // A body changed after signing (one byte) is not what was signed.
    const body = JSON.stringify(payload);
    const tampered = await fetch(team.hook.url, { method: "POST", headers: { "content-type": "application/json", "x-github-event": "pull_request", "x-github-delivery": crypto.randomUUID(), "x-hub-signature-256": githubSignature(team.hook.secret, body) }, body: body.replace('"merged":true', '"merged":1') });
    expect(tampered.status).toBe(401);
    const detail = await detailOf(team.owner, blockerId);
    expect(detail.status).toBe("open");
    expect(detail.github).toBeNull();
    // Signed, then applied: the refusals did not take its delivery id.
    expect((await team.send({ event: "pull_request", payload, deliveryId: missing.deliveryId })).json).toMatchObject({ outcome: "applied", resolvedBlockers: [blockerId] });
  });

  it("takes GitHub's form-encoded deliveries too, signed over the form's bytes", async () => {
    const team = await connectedTeam("Form encoded");
    const blockerId = await blockerLinking(team.owner, [team.bob], `https://github.com/${REPO}/pull/30`);
    const answer = await team.send({ event: "pull_request", payload: pullRequestEvent({ action: "closed", repository: REPO, number: 30, merged: true }), form: true });
    expect(answer.json).toMatchObject({ resolvedBlockers: [blockerId] });
    const xml = await fetch(team.hook.url, { method: "POST", headers: { "content-type": "text/xml", "x-hub-signature-256": githubSignature(team.hook.secret, "<x/>") }, body: "<x/>" });
    expect(xml.status).toBe(415);
    expect(await xml.json()).toMatchObject({ code: "unsupported_media_type", fields: { "content-type": [expect.any(String)] } });
  });

  it("refuses a client whose deliveries keep failing the check for a connection (429), and still applies a rightly signed one", async () => {
    const team = await connectedTeam("Limited");
    const from = "203.0.113.77";
    for (let attempt = 0; attempt < 30; attempt++) expect((await team.send({ event: "ping", payload: pingEvent(REPO), signature: "sha256=00", from })).status).toBe(401);
    const limited = await team.send({ event: "ping", payload: pingEvent(REPO), signature: "sha256=00", from });
    expect(limited.status).toBe(429);
    expect(limited.json).toMatchObject({ code: "too_many_requests", retryAfter: expect.any(Number) });
    expect((await team.send({ event: "ping", payload: pingEvent(REPO), from })).status).toBe(200);
    // Another client, or the same one for another team's connection, is not held back.
    expect((await team.send({ event: "ping", payload: pingEvent(REPO), signature: "sha256=00", from: "203.0.113.78" })).status).toBe(401);
  });
});

describe("logging a blocker from a comment", () => {
  it("logs `/holdup waiting on @bob` with the pull request's link, source github, created by the commenter", async () => {
    const team = await connectedTeam("Comment");
    const answer = await team.send({ event: "issue_comment", payload: issueCommentEvent({ repository: REPO, number: 50, commenter: "Olive-GH", body: "Thanks!\n/holdup waiting on @bob-gh for the API review\nMore later.", onPullRequest: true }) });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const blockerId = String(answer.json.loggedBlocker);
    const detail = await detailOf(team.bob, blockerId);
    expect(detail).toMatchObject({ title: "the API review", status: "open", linkUrl: `https://github.com/${REPO}/pull/50`, creator: { id: team.owner.profileId }, github: { state: "open", kind: "pull_request" } });
    expect(detail.blocking.map((part) => part.person.id)).toEqual([team.bob.profileId]);
    const [row] = await server.deps.db.select({ source: blockers.source, externalRef: blockers.externalRef }).from(blockers).where(eq(blockers.id, blockerId));
    expect(row?.source).toBe("github");
    expect(row?.externalRef).toMatch(new RegExp(`^https://github.com/${REPO}/pull/50#issuecomment-\\d+$`));
    const waitingOnBob = (await team.bob.client.request("/api/counters")).json as { waitingOnMe: number };
    expect(waitingOnBob.waitingOnMe).toBe(1);
  });

  it("waits on several people, titled by the issue when the comment says nothing more", async () => {
    const team = await connectedTeam("Several");
    await linkLogin(team.member, "mia-gh");
    const answer = await team.send({ event: "issue_comment", payload: issueCommentEvent({ repository: REPO, number: 8, commenter: "olive-gh", body: "/holdup waiting on @bob-gh, @mia-gh", title: "Partial refunds fail" }) });
    const detail = await detailOf(team.owner, String(answer.json.loggedBlocker));
    expect(detail.title).toBe("Partial refunds fail");
    expect(detail.linkUrl).toBe(`https://github.com/${REPO}/issues/8`);
    expect(detail.blocking.map((part) => part.person.id).sort()).toEqual([team.bob.profileId, team.member.profileId].sort());
  });

  it("logs nothing for an unknown @login, nor for a commenter who is nobody in the team, and the card says why", async () => {
    const team = await connectedTeam("Unknown");
    const unknownPerson = await team.send({ event: "issue_comment", payload: issueCommentEvent({ repository: REPO, number: 60, commenter: "olive-gh", body: "/holdup waiting on @stranger" }) });
    expect(unknownPerson.json).toMatchObject({ outcome: "applied", skipped: expect.stringContaining("@stranger") });
    const unknownAuthor = await team.send({ event: "issue_comment", payload: issueCommentEvent({ repository: REPO, number: 60, commenter: "someone-else", body: "/holdup waiting on @bob-gh" }) });
    expect(unknownAuthor.json.skipped).toContain("@someone-else");
    const bot = await team.send({ event: "issue_comment", payload: issueCommentEvent({ repository: REPO, number: 60, commenter: "olive-gh", commenterType: "Bot", body: "/holdup waiting on @bob-gh" }) });
    expect(bot.json.loggedBlocker).toBeUndefined();
    const logged = await server.deps.db.select({ id: blockers.id }).from(blockers).where(eq(blockers.linkUrl, `https://github.com/${REPO}/issues/60`));
    expect(logged).toEqual([]);
    expect((await summaryOf(team.admin)).connection?.lastSkipped).toMatchObject({ reason: expect.stringContaining("@someone-else") });
  });
});

describe("the live state of a linked pull request", () => {
  it("shows on the blocker's page as deliveries change it, and an older delivery arriving late does not undo a newer one", async () => {
    const team = await connectedTeam("Live state");
    const blockerId = await blockerLinking(team.owner, [team.bob], `https://github.com/${REPO}/pull/70`);
    expect((await detailOf(team.owner, blockerId)).github).toBeNull();
    await team.send({ event: "pull_request", payload: pullRequestEvent({ action: "opened", repository: REPO, number: 70, draft: true, title: "WIP: refunds", updatedAt: "2026-03-02T10:00:00Z" }) });
    expect((await detailOf(team.owner, blockerId)).github).toEqual({ kind: "pull_request", state: "draft", title: "WIP: refunds", number: 70, repository: REPO, updatedAt: "2026-03-02T10:00:00.000Z" });
    await team.send({ event: "pull_request", payload: pullRequestEvent({ action: "ready_for_review", repository: REPO, number: 70, title: "Refunds", updatedAt: "2026-03-03T10:00:00Z" }) });
    await team.send({ event: "pull_request", payload: pullRequestEvent({ action: "converted_to_draft", repository: REPO, number: 70, draft: true, title: "WIP: refunds", updatedAt: "2026-03-02T12:00:00Z" }) });
    expect((await detailOf(team.owner, blockerId)).github).toMatchObject({ state: "open", title: "Refunds" });
  });
});

describe("linking a GitHub login", () => {
  it("takes a login as GitHub allows it, refuses another, and one a teammate linked already", async () => {
    const team = await teamOf("Logins");
    for (const bad of ["-bob", "bob-", "bo--b", "a".repeat(40), "bob smith", ""]) {
      const refused = await team.bob.client.request("/api/profile", { method: "PATCH", json: { githubLogin: bad } });
      expect([refused.status, Object.keys((refused.json as { fields: object }).fields)], bad).toEqual([400, ["githubLogin"]]);
    }
    await linkLogin(team.bob, "@Bob-Smith");
    expect(((await team.bob.client.request("/api/profile")).json as { githubLogin: string }).githubLogin).toBe("Bob-Smith");
    const taken = await team.member.client.request("/api/profile", { method: "PATCH", json: { githubLogin: "bob-smith" } });
    expect([taken.status, (taken.json as { code: string }).code]).toEqual([409, "github_login_taken"]);
    await linkLogin(team.bob, null);
    await linkLogin(team.member, "bob-smith");
  });
});

describe("the Free plan", () => {
  let free: TestServer;
  beforeAll(async () => {
    free = await startTestServer({ smtp: false, environment: { DEFAULT_PLAN: "free" } });
  });
  afterAll(() => free?.stop());

  it("counts the GitHub connection as one of its two integrations, and says so instead of offering to connect a third", async () => {
    const [owner] = (await makeTeam(free, ["Olive"], "Free team")) as [Teammate];
    for (const url of ["https://hooks.example.com/one", "https://hooks.example.com/two"]) {
      const added = await owner.client.request("/api/team/webhooks", { json: { url, events: ["blocker.created"] } });
      expect(added.status, added.text).toBe(201);
    }
    expect((await summaryOf(owner)).room).toBe("plan_limit");
    const refused = await owner.client.post("/api/team/github");
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: "plan_limit_reached", upgradeUrl: "/organization/billing" });

    const [other] = (await makeTeam(free, ["Otto"], "Another free team")) as [Teammate];
    const connected = await other.client.post("/api/team/github");
    expect(connected.status, connected.text).toBe(201);
    expect((await other.client.request("/api/team/webhooks", { json: { url: "https://hooks.example.com/one", events: ["blocker.created"] } })).status).toBe(201);
    const third = await other.client.request("/api/team/webhooks", { json: { url: "https://hooks.example.com/two", events: ["blocker.created"] } });
    expect([third.status, (third.json as { code: string }).code]).toEqual([403, "plan_limit_reached"]);
  });
});
