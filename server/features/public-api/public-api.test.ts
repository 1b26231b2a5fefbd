// The public API with a key, as a script uses it: every route, scopes, revocation, expiry, another team's ids,
// idempotency, pagination and the rate limit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
