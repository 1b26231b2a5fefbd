// The public API with a key, as a script uses it: every route, scopes, revocation, expiry, another team's ids,
// idempotency, pagination and the rate limit.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { BlockerResource } from "../../../common/public-api.ts";
import { makeBlocker, makeTeam, testClock, type Teammate } from "../../test/factories.ts";
import { ScriptClient, scriptOf } from "../../test/script-client.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

const clock = testClock(new Date("2026-11-20T09:00:00Z"));
let server: TestServer;
let alice: Teammate, bob: Teammate, carol: Teammate, mallory: Teammate;
let aliceScript: ScriptClient, bobScript: ScriptClient;

beforeAll(async () => {
  server = await startTestServer({ smtp: false, clock });
  [alice, bob, carol] = (await makeTeam(server, ["Alice", "Bob", "Carol"])) as [Teammate, Teammate, Teammate];
  [mallory] = (await makeTeam(server, ["Mallory"], "Another team")) as [Teammate];
  aliceScript = (await scriptOf(alice)).script;
  bobScript = (await scriptOf(bob)).script;
});
afterAll(async () => {
  await server?.stop();
});

describe("a script with a key", () => {
  it("logs a blocker with no Origin, sees it, and the person waited on answers it through their own key", async () => {
    const made = await aliceScript.post("/api/v1/blockers", { title: "Review the migration", blockingProfileIds: [bob.profileId], priority: "high" });
    expect(made.status, made.text).toBe(201);
    const blocker = made.json as BlockerResource;
    expect(blocker).toMatchObject({ title: "Review the migration", source: "api", status: "open", priority: "high", creator: { id: alice.profileId, name: "Alice" } });
    expect(blocker.blocking).toEqual([expect.objectContaining({ person: expect.objectContaining({ id: bob.profileId }), status: "pending" })]);
    expect(blocker.url).toBe(`${server.url}/blockers/${blocker.id}`);

    const mine = (await bobScript.get("/api/v1/blockers?view=waiting_on_me")).json as { blockers: BlockerResource[] };
    expect(mine.blockers.map((each) => each.id)).toContain(blocker.id);
    expect((await bobScript.get("/api/v1/counters")).json).toMatchObject({ waitingOnMe: 1 });

    const done = await bobScript.post(`/api/v1/blockers/${blocker.id}/done`);
    expect(done.status, done.text).toBe(200);
    expect((done.json as BlockerResource).blocking[0]?.status).toBe("done");
    expect((await alice.client.request(`/api/blockers/${blocker.id}`)).json).toMatchObject({ id: blocker.id });
  });

  it("answers who the key is", async () => {
    expect((await aliceScript.get("/api/v1/me")).json).toMatchObject({ person: { id: alice.profileId, name: "Alice" }, team: { name: "Platform" }, scope: "write" });
    const people = (await aliceScript.get("/api/v1/people")).json as { people: { id: string }[] };
    expect(people.people.map((person) => person.id).sort()).toEqual([alice.profileId, bob.profileId, carol.profileId].sort());
  });

  it("refuses a request without a key, with a wrong one, and a browser's cookies without a key", async () => {
    const none = await new ScriptClient(server.url, undefined).get("/api/v1/blockers");
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toContain("Bearer");
    expect((await new ScriptClient(server.url, `hk_${"a".repeat(64)}`).get("/api/v1/blockers")).json).toMatchObject({ code: "api_key_invalid" });
    expect((await alice.client.request("/api/v1/blockers")).status).toBe(401);
  });

  it("validates like the rest of the API: a 400 naming the field, a 415 for a form", async () => {
    const missing = await aliceScript.post("/api/v1/blockers", { blockingProfileIds: [bob.profileId] });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ code: "validation_failed", fields: { title: expect.any(Array) } });
    expect((await aliceScript.get("/api/v1/blockers/not-an-id")).json).toMatchObject({ fields: { id: expect.any(Array) } });
    expect((await aliceScript.get("/api/v1/blockers?limit=1000")).json).toMatchObject({ fields: { limit: expect.any(Array) } });
    const form = await aliceScript.request("/api/v1/blockers", { method: "POST", body: "title=x", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(form.status).toBe(415);
  });

  it("answers 404 for another team's blocker, whatever the operation", async () => {
    const theirs = (await scriptOf(mallory)).script;
    const id = await makeBlocker(alice, [bob], { title: "Not Mallory's" });
    for (const path of [`/api/v1/blockers/${id}`]) expect((await theirs.get(path)).status).toBe(404);
    for (const action of ["done", "resolve", "cancel", "reopen"]) expect((await theirs.post(`/api/v1/blockers/${id}/${action}`)).status, action).toBe(404);
  });
});

describe("the key's hash", () => {
  it("is the plugin's own, so keys it made are found", async () => {
    const { defaultKeyHasher } = await import("@better-auth/api-key");
    const { hashApiKey } = await import("../api-keys/api-key-check.ts");
    const key = `hk_${"Qz".repeat(32)}`;
    expect(hashApiKey(key)).toBe(await defaultKeyHasher(key));
  });
});

describe("better-auth's own API-key endpoints", () => {
  it("are closed: a key is made only through Holdup's route, with its rules", async () => {
    for (const path of ["/api/auth/api-key/create", "/api/auth/api-key/list", "/api/auth/api-key/update", "/api/auth/api-key/delete", "/api/auth/api-key/get"]) {
      const answer = path.endsWith("list") || path.endsWith("get") ? await alice.client.request(path) : await alice.client.post(path, { name: "sneaky", permissions: { api: ["read", "write"] } });
      expect(answer.status, path).toBe(404);
    }
  });
});

describe("the key's team", () => {
  it("is the key's, whatever team the request names", async () => {
    const theirs = (await mallory.client.request("/api/team")).json as { id: string };
    const answer = await aliceScript.get("/api/v1/me", { "X-Holdup-Team": theirs.id });
    expect(answer.json).toMatchObject({ team: { name: "Platform" } });
  });
});

describe("scopes, revocation and expiry", () => {
  it("lets a read-only key read and refuses its writes with a 403", async () => {
    const { script } = await scriptOf(carol, { scope: "read" });
    expect((await script.get("/api/v1/blockers")).status).toBe(200);
    const refused = await script.post("/api/v1/blockers", { title: "Nope", blockingProfileIds: [bob.profileId] });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: "api_key_read_only" });
  });

  it("refuses a revoked key at once, and lists keys without their secret", async () => {
    const { made, script } = await scriptOf(carol, { name: "Laptop script" });
    expect(made.key).toMatch(/^hk_[A-Za-z]{64}$/);
    expect((await script.get("/api/v1/me")).status).toBe(200);
    const listed = (await carol.client.request("/api/api-keys")).json as { keys: Record<string, unknown>[] };
    const shown = listed.keys.find((key) => key.id === made.id);
    expect(shown).toMatchObject({ name: "Laptop script", scope: "write", start: made.key.slice(0, 6) });
    expect(JSON.stringify(listed)).not.toContain(made.key);
    // Someone else's key is not theirs to see or revoke.
    expect(JSON.stringify((await bob.client.request("/api/api-keys")).json)).not.toContain(made.id);
    expect((await bob.client.request(`/api/api-keys/${made.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await carol.client.request(`/api/api-keys/${made.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await script.get("/api/v1/me")).json).toMatchObject({ code: "api_key_invalid" });
  });

  it("stops a key when its days are over, by the app's clock", async () => {
    const { script } = await scriptOf(carol, { expiresInDays: "7" });
    expect((await script.get("/api/v1/me")).status).toBe(200);
    clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
    const expired = await script.get("/api/v1/me");
    expect(expired.status).toBe(401);
    expect(expired.json).toMatchObject({ code: "api_key_expired" });
  });

  it("stops a key whose owner leaves the team, and deletes it", async () => {
    const [owner, leaver] = (await makeTeam(server, ["Olga", "Leo"], "Short-lived")) as [Teammate, Teammate];
    const { made, script } = await scriptOf(leaver);
    expect((await script.get("/api/v1/me")).status).toBe(200);
    const teamId = ((await owner.client.request("/api/team")).json as { id: string }).id;
    expect((await leaver.client.post("/api/auth/organization/leave", { organizationId: teamId })).status).toBe(200);
    expect((await script.get("/api/v1/me")).status).toBe(401);
    expect(JSON.stringify((await leaver.client.request("/api/api-keys")).json)).not.toContain(made.id);
  });
});

describe("Idempotency-Key", () => {
  it("makes one blocker of a retried create, answers the retry with the first answer, and refuses the key for another request", async () => {
    const headers = { "Idempotency-Key": "create-7f3a" };
    const body = { title: "Retried create", blockingProfileIds: [bob.profileId] };
    const first = await aliceScript.post("/api/v1/blockers", body, headers);
    const retry = await aliceScript.post("/api/v1/blockers", body, headers);
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect((retry.json as BlockerResource).id).toBe((first.json as BlockerResource).id);
    const all = (await aliceScript.get("/api/v1/blockers?limit=100")).json as { blockers: BlockerResource[] };
    expect(all.blockers.filter((each) => each.title === "Retried create")).toHaveLength(1);
    const other = await aliceScript.post("/api/v1/blockers", { ...body, title: "Something else" }, headers);
    expect(other.status).toBe(422);
    expect(other.json).toMatchObject({ code: "idempotency_key_reused" });
  });

  it("runs two racing requests with one key once", async () => {
    const headers = { "Idempotency-Key": "race-1" };
    const body = { title: "Raced create", blockingProfileIds: [bob.profileId] };
    const answers = await Promise.all([aliceScript.post("/api/v1/blockers", body, headers), aliceScript.post("/api/v1/blockers", body, headers)]);
    expect(answers.map((answer) => answer.status).sort()).toContain(201);
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    const all = (await aliceScript.get("/api/v1/blockers?limit=100")).json as { blockers: BlockerResource[] };
    expect(all.blockers.filter((each) => each.title === "Raced create")).toHaveLength(1);
  });

  it("refuses a key that is not visible ASCII", async () => {
    const answer = await aliceScript.post("/api/v1/blockers", { title: "x", blockingProfileIds: [bob.profileId] }, { "Idempotency-Key": "" });
    expect([201, 400]).toContain(answer.status);
    const spaced = await aliceScript.post("/api/v1/blockers", { title: "x", blockingProfileIds: [bob.profileId] }, { "Idempotency-Key": "has space" });
    expect(spaced.json).toMatchObject({ fields: { "Idempotency-Key": expect.any(Array) } });
  });
});

describe("lists and the event feed", () => {
  it("pages through the team's blockers with a cursor, each once, newest first, and filters them", async () => {
    const [writer, reader] = (await makeTeam(server, ["Wendy", "Rita"], "Paging")) as [Teammate, Teammate];
    const titles: string[] = [];
    for (let index = 0; index < 7; index += 1) {
      titles.push(`Page item ${index}`);
      await makeBlocker(writer, [reader], { title: `Page item ${index}`, priority: index % 2 === 0 ? "high" : "low" });
      clock.advance(1000);
    }
    const { script } = await scriptOf(reader);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = (await script.get(`/api/v1/blockers?limit=3${cursor ? `&cursor=${cursor}` : ""}`)).json as { blockers: BlockerResource[]; nextCursor: string | null };
      expect(page.blockers.length).toBeLessThanOrEqual(3);
      seen.push(...page.blockers.map((each) => each.title));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...titles].reverse());
    const high = (await script.get("/api/v1/blockers?priority=high&view=waiting_on_me")).json as { blockers: BlockerResource[] };
    expect(high.blockers.map((each) => each.title).sort()).toEqual(["Page item 0", "Page item 2", "Page item 4", "Page item 6"]);
    expect((await script.get("/api/v1/blockers?cursor=forged")).json).toMatchObject({ fields: { cursor: expect.any(Array) } });
  });

  it("reads what happened after a cursor, each event once, in order", async () => {
    const [writer, reader] = (await makeTeam(server, ["Eve", "Ed"], "Events")) as [Teammate, Teammate];
    const { script } = await scriptOf(writer);
    const start = (await script.get("/api/v1/events")).json as { events: { type: string }[]; nextCursor: string };
    expect(start.events).toEqual([]);
    const id = await makeBlocker(writer, [reader], { title: "Feed me" });
    await script.post(`/api/v1/blockers/${id}/comments`, { body: "Any news?" });
    // The feed shows a transaction's events once every transaction begun before it has ended — on a shared
    // PostgreSQL server (test:postgres runs files side by side) another database's open transaction holds them back
    // for a moment, never loses them. So the test polls as a client would, until both are there.
    type Page = { events: { type: string; blockerId: string; actor: { id: string } }[]; nextCursor: string };
    const next = await vi.waitFor(
      async () => {
        const page = (await script.get(`/api/v1/events?after=${start.nextCursor}`)).json as Page;
        if (page.events.length < 2) throw new Error(`${page.events.length} events so far`);
        return page;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(next.events.map((event) => event.type)).toEqual(["created", "commented"]);
    expect(next.events[1]).toMatchObject({ blockerId: id, actor: { id: writer.profileId } });
    const after = (await script.get(`/api/v1/events?after=${next.nextCursor}`)).json as { events: unknown[]; nextCursor: string };
    expect(after.events).toEqual([]);
    expect(after.nextCursor).toBe(next.nextCursor);
  });
});

describe("limits", () => {
  it("counts a key's requests in RateLimit-* headers and answers 429 with Retry-After past them, until the window passes", async () => {
    const { made, script } = await scriptOf(carol, { name: "Busy" });
    // The key's stored limit (the plugin's per-key setting), lowered for the test before the key is first used.
    const { apikey } = await import("../../db/schema.ts");
    const { eq } = await import("drizzle-orm");
    await server.deps.db.update(apikey).set({ rateLimitMax: 3 }).where(eq(apikey.id, made.id));
    const remaining: (string | null)[] = [];
    for (let index = 0; index < 3; index += 1) {
      const answer = await script.get("/api/v1/counters");
      expect(answer.status).toBe(200);
      remaining.push(answer.headers.get("ratelimit-remaining"));
    }
    expect(remaining).toEqual(["2", "1", "0"]);
    const refused = await script.get("/api/v1/counters");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("ratelimit-limit")).toBe("3");
    clock.advance(61_000);
    expect((await script.get("/api/v1/counters")).status).toBe(200);
  });

  it("refuses a client that keeps sending wrong keys", async () => {
    const guesser = new ScriptClient(server.url, `hk_${"b".repeat(64)}`);
    const statuses: number[] = [];
    for (let index = 0; index < 31; index += 1) statuses.push((await guesser.get("/api/v1/me")).status);
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
