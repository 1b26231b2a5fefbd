// Editing a blocker's details in place: validation, who may, what the timeline keeps, and the live event.
// (Every role on every route is in permissions.test.ts; these are the rules particular to editing.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aboutBlocker, openEventStream } from "../../test/event-stream.ts";
import { makeBlocker, makeTeam, okJson, testClock, type Teammate } from "../../test/factories.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

const clock = testClock();
let server: TestServer;
let owner: Teammate, alice: Teammate, bob: Teammate, carol: Teammate;

beforeAll(async () => {
  server = await startTestServer({ smtp: false, clock });
  [owner, alice, bob, carol] = (await makeTeam(server, ["Olivia", "Alice", "Bob", "Carol"])) as [Teammate, Teammate, Teammate, Teammate];
});
afterAll(() => server?.stop());

const edit = (person: Teammate, id: string, json: unknown) => person.client.request(`/api/blockers/${id}`, { method: "PATCH", json });
const detail = (person: Teammate, id: string) => okJson(person.client.api.blockers[":id"].$get({ param: { id } }));
const inADay = () => new Date(clock.now().getTime() + 86_400_000).toISOString();
const editedEvents = async (id: string) => (await detail(alice, id)).timeline.filter((event) => event.type === "edited");

describe("editing a blocker", () => {
  it("validates every field and names the one at fault", async () => {
    const id = await makeBlocker(alice, [bob]);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: "" }, "title"],
      [{ title: "   " }, "title"],
      [{ title: null }, "title"],
      [{ title: "x".repeat(201) }, "title"],
      [{ description: "x".repeat(5001) }, "description"],
      [{ linkUrl: "javascript:alert(1)" }, "linkUrl"],
      [{ linkUrl: "" }, "linkUrl"],
      [{ priority: "whenever" }, "priority"],
      [{ priority: null }, "priority"],
      [{ dueAt: "tomorrow" }, "dueAt"],
      [{ dueAt: new Date(clock.now().getTime() - 60_000).toISOString() }, "dueAt"],
    ];
    for (const [body, field] of cases) {
      const response = await edit(alice, id, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json).toMatchObject({ fields: { [field]: [expect.any(String)] } });
    }
    expect(await editedEvents(id)).toEqual([]);
  });

  it("changes only the fields sent, and records one event with each change's old and new value", async () => {
    const id = await makeBlocker(alice, [bob], { title: "API spec for payments" });
    const dueAt = inADay();
    const answer = await edit(alice, id, { title: "API spec for refunds", priority: "urgent", dueAt, linkUrl: "https://example.com/spec", description: "The refunds part" });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toEqual({ changed: ["title", "description", "linkUrl", "priority", "dueAt"] });

    const blocker = await detail(bob, id);
    expect(blocker).toMatchObject({ title: "API spec for refunds", priority: "urgent", dueAt, linkUrl: "https://example.com/spec", description: "The refunds part" });
    const [event] = await editedEvents(id);
    expect(event).toMatchObject({
      actor: { id: alice.profileId },
      payload: {
        changes: {
          title: { from: "API spec for payments", to: "API spec for refunds" },
          priority: { from: "normal", to: "urgent" },
          dueAt: { from: null, to: dueAt },
          linkUrl: { from: null, to: "https://example.com/spec" },
          description: { from: null, to: "The refunds part" },
        },
      },
    });

    // Clearing the optional fields; the title and priority, not sent, stay.
    expect((await edit(alice, id, { description: "", linkUrl: null, dueAt: null })).json).toEqual({ changed: ["description", "linkUrl", "dueAt"] });
    expect(await detail(alice, id)).toMatchObject({ title: "API spec for refunds", priority: "urgent", description: null, linkUrl: null, dueAt: null });
    expect((await editedEvents(id)).at(-1)?.payload).toEqual({
      changes: { description: { from: "The refunds part", to: null }, linkUrl: { from: "https://example.com/spec", to: null }, dueAt: { from: dueAt, to: null } },
    });
  });

  it("records nothing when nothing changed (the same values, or the title with spaces around it)", async () => {
    const id = await makeBlocker(alice, [bob], { title: "Design review" });
    expect((await edit(alice, id, {})).json).toEqual({ changed: [] });
    expect((await edit(alice, id, { title: "  Design review ", priority: "normal", description: null, dueAt: null })).json).toEqual({ changed: [] });
    expect(await editedEvents(id)).toEqual([]);
  });

  it("keeps a due date that has passed when other fields change, and refuses a new one in the past", async () => {
    const id = await makeBlocker(alice, [bob]);
    const dueAt = inADay();
    await edit(alice, id, { dueAt });
    clock.advance(2 * 86_400_000); // now overdue
    expect((await edit(alice, id, { title: "Still waiting", dueAt })).status).toBe(200);
    const earlier = new Date(new Date(dueAt).getTime() - 60_000).toISOString();
    const refused = await edit(alice, id, { dueAt: earlier });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ fields: { dueAt: ["The due date is in the past"] } });
    expect((await detail(alice, id)).dueAt).toBe(dueAt);
  });

  it("is offered to the creator and the team's admins, in any state, and to nobody else", async () => {
    const id = await makeBlocker(alice, [bob], { alsoBlocked: [carol] });
    expect((await detail(alice, id)).can.edit).toBe(true);
    expect((await detail(owner, id)).can.edit).toBe(true);
    expect((await detail(bob, id)).can.edit).toBe(false);
    expect((await detail(carol, id)).can.edit).toBe(false);
    expect((await edit(carol, id, { title: "Mine now" })).status).toBe(403);

    expect((await alice.client.post(`/api/blockers/${id}/resolve`)).status).toBe(200);
    expect((await detail(alice, id)).can.edit).toBe(true);
    expect((await edit(owner, id, { title: "Typo fixed after the fact" })).status).toBe(200);
    expect((await detail(bob, id)).title).toBe("Typo fixed after the fact");
  });

  it("reaches everyone on the blocker live, without a notification", async () => {
    const id = await makeBlocker(alice, [bob], { alsoBlocked: [carol] });
    const bobStream = await openEventStream(bob.client);
    const carolStream = await openEventStream(carol.client);
    try {
      const unreadBefore = await okJson(bob.client.api.notifications["unread-count"].$get());
      expect((await edit(alice, id, { priority: "high" })).status).toBe(200);
      await bobStream.next(aboutBlocker(id));
      await carolStream.next(aboutBlocker(id));
      expect(await okJson(bob.client.api.notifications["unread-count"].$get())).toEqual(unreadBefore);
    } finally {
      bobStream.close();
      carolStream.close();
    }
  });
});
