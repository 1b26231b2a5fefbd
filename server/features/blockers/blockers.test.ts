import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blockerEvents } from "../../db/schema.ts";
import { makeBlocker, makeTeam, okJson, testClock, type Teammate } from "../../test/factories.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

const clock = testClock();
let server: TestServer;
let alice: Teammate, bob: Teammate, carol: Teammate, dan: Teammate, erin: Teammate;

beforeAll(async () => {
  server = await startTestServer({ smtp: true, clock });
  [alice, bob, carol, dan, erin] = (await makeTeam(server, ["Alice", "Bob", "Carol", "Dan", "Erin"])) as [Teammate, Teammate, Teammate, Teammate, Teammate];
});
afterAll(() => server?.stop());

const counters = (person: Teammate) => okJson(person.client.api.counters.$get());
const detail = (person: Teammate, id: string) => okJson(person.client.api.blockers[":id"].$get({ param: { id } }));
const post = (person: Teammate, path: string, json: unknown = {}) => person.client.post(path, json);

describe("creating a blocker", () => {
  it("validates every field and names the one at fault", async () => {
    const valid = { title: "Staging credentials", blockingProfileIds: [bob.profileId] };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, title: "" }, "title"],
      [{ ...valid, title: "x".repeat(201) }, "title"],
      [{ ...valid, description: "x".repeat(5001) }, "description"],
      [{ ...valid, linkUrl: "javascript:alert(1)" }, "linkUrl"],
      [{ ...valid, linkUrl: "ftp://files.example.com" }, "linkUrl"],
      [{ ...valid, priority: "whenever" }, "priority"],
      [{ ...valid, dueAt: "tomorrow" }, "dueAt"],
      [{ ...valid, dueAt: new Date(clock.now().getTime() - 60_000).toISOString() }, "dueAt"],
      [{ ...valid, blockingProfileIds: [] }, "blockingProfileIds"],
      [{ ...valid, blockingProfileIds: ["not-a-uuid"] }, "blockingProfileIds.0"],
      [{ ...valid, alsoBlockedProfileIds: [bob.profileId] }, "alsoBlockedProfileIds"],
      [{ ...valid, blockingProfileIds: [alice.profileId] }, "blockingProfileIds"],
      [{ ...valid, blockingProfileIds: ["00000000-0000-4000-8000-000000000000"] }, "blockingProfileIds"],
    ];
    for (const [body, field] of cases) {
      const response = await post(alice, "/api/blockers", body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json).toMatchObject({ fields: { [field]: [expect.any(String)] } });
    }
  });

  it("creates it, shows it to the people waited on, and tells them", async () => {
    const id = await makeBlocker(alice, [bob], { title: "Review of the pricing copy" });
    const blocker = await detail(bob, id);
    expect(blocker).toMatchObject({ title: "Review of the pricing copy", status: "open", priority: "normal", creator: { id: alice.profileId } });
    expect(blocker.blocking).toEqual([expect.objectContaining({ person: expect.objectContaining({ id: bob.profileId }), status: "pending" })]);
    expect(blocker.timeline.map((event) => event.type)).toEqual(["created"]);
    const waitingOnBob = await okJson(bob.client.api.blockers["waiting-on-me"].$get({ query: {} })).then((page) => page.items);
    expect(waitingOnBob.map((card) => card.id)).toContain(id);
    const notifications = await okJson(bob.client.api.notifications.$get());
    expect(notifications[0]).toMatchObject({ type: "blocker_assigned", blockerId: id, actor: { id: alice.profileId }, readAt: null });
  });
});

describe("the counters, to the letter", () => {
  it("count a blocker with two blocking and two waiting people for each of them, then follow each answer", async () => {
    const before = await Promise.all([alice, bob, carol, dan].map(counters));
    const id = await makeBlocker(alice, [bob, dan], { alsoBlocked: [carol] });
    const after = await Promise.all([alice, bob, carol, dan].map(counters));
    const delta = after.map((count, index) => ({ waitingOnMe: count.waitingOnMe - (before[index]?.waitingOnMe ?? 0), imWaitingOn: count.imWaitingOn - (before[index]?.imWaitingOn ?? 0) }));
    expect(delta).toEqual([
      { waitingOnMe: 0, imWaitingOn: 1 },
      { waitingOnMe: 1, imWaitingOn: 0 },
      { waitingOnMe: 0, imWaitingOn: 1 },
      { waitingOnMe: 1, imWaitingOn: 0 },
    ]);

    expect((await post(bob, `/api/blockers/${id}/done`)).status).toBe(200);
    expect((await counters(bob)).waitingOnMe).toBe((after[1]?.waitingOnMe ?? 0) - 1);
    // Dan is still pending: the blocker still counts once for Alice and Carol.
    expect((await counters(alice)).imWaitingOn).toBe(after[0]?.imWaitingOn);
    expect((await counters(carol)).imWaitingOn).toBe(after[2]?.imWaitingOn);
    const imWaitingOn = await okJson(carol.client.api.blockers["im-waiting-on"].$get({ query: {} })).then((page) => page.items);
    expect(imWaitingOn.filter((card) => card.id === id)).toHaveLength(1);
  });
});

describe("the life cycle", () => {
  it("resolves itself when nobody is left pending and someone is done", async () => {
    const id = await makeBlocker(alice, [bob, dan]);
    expect((await post(dan, `/api/blockers/${id}/decline`, { reason: "Not mine, ask Erin" })).status).toBe(200);
    expect((await detail(alice, id)).status).toBe("open");
    const done = await post(bob, `/api/blockers/${id}/done`);
    expect(done.json).toEqual({ resolved: true });
    const blocker = await detail(alice, id);
    expect(blocker.status).toBe("resolved");
    expect(blocker.timeline.map((event) => event.type)).toEqual(["created", "declined", "done", "resolved"]);
    expect(blocker.timeline[1]?.payload).toMatchObject({ reason: "Not mine, ask Erin" });
    const resolved = await okJson(alice.client.api.blockers.resolved.$get({ query: {} }));
    expect(resolved.find((card) => card.id === id)?.blockedForMs).toBeGreaterThanOrEqual(0);
  });

  it("stays open when everybody declined, and releases pending parts when the creator cancels", async () => {
    const id = await makeBlocker(alice, [bob, dan]);
    await post(bob, `/api/blockers/${id}/decline`, { reason: "Wrong team" });
    expect((await detail(alice, id)).status).toBe("open");
    const danBefore = await counters(dan);
    expect((await post(alice, `/api/blockers/${id}/cancel`)).status).toBe(200);
    expect((await counters(dan)).waitingOnMe).toBe(danBefore.waitingOnMe - 1);
    const blocker = await detail(alice, id);
    expect(blocker.status).toBe("cancelled");
    expect(blocker.blocking.find((part) => part.person.id === dan.profileId)?.status).toBe("released");
  });

  it("keeps a blocker everybody declined in its people's \"I'm waiting on\", with the reason, uncounted, until someone else is asked", async () => {
    const imWaitingOn = (person: Teammate) => okJson(person.client.api.blockers["im-waiting-on"].$get({ query: {} })).then((page) => page.items);
    const id = await makeBlocker(alice, [bob], { title: "Budget sign-off", alsoBlocked: [carol] });
    const before = await counters(alice);
    expect((await post(bob, `/api/blockers/${id}/decline`, { reason: "Not mine — ask Erin", suggestedProfileId: erin.profileId })).status).toBe(200);

    for (const person of [alice, carol]) {
      const card = (await imWaitingOn(person)).find((item) => item.id === id);
      expect(card, person.name).toMatchObject({
        status: "open",
        blocking: [{ person: { id: bob.profileId }, status: "declined", declineReason: "Not mine — ask Erin", suggested: { id: erin.profileId } }],
      });
    }
    // The counter counts only blockers still pending on someone; the card is there, not counted.
    expect((await counters(alice)).imWaitingOn).toBe(before.imWaitingOn - 1);
    const cards = await imWaitingOn(alice);
    expect(cards.filter((card) => card.blocking.some((part) => part.status === "pending"))).toHaveLength((await counters(alice)).imWaitingOn);
    // What each of them may do about it: both may ask someone else; only the creator may cancel.
    expect(cards.find((card) => card.id === id)?.can).toMatchObject({ changePeople: true, cancel: true });
    expect((await imWaitingOn(carol)).find((card) => card.id === id)?.can).toMatchObject({ changePeople: true, cancel: false });
    // Bob answered: it is no longer on his desk.
    expect((await okJson(bob.client.api.blockers["waiting-on-me"].$get({ query: {} })).then((page) => page.items)).map((card) => card.id)).not.toContain(id);

    expect((await post(carol, `/api/blockers/${id}/people`, { profileId: erin.profileId, role: "blocking" })).status).toBe(201);
    expect((await counters(alice)).imWaitingOn).toBe(before.imWaitingOn);
    const asked = (await imWaitingOn(alice)).find((card) => card.id === id);
    expect(new Map(asked?.blocking.map((part) => [part.person.id, part.status]))).toEqual(
      new Map([
        [bob.profileId, "declined"],
        [erin.profileId, "pending"],
      ]),
    );
  });

  it("lets anyone involved reopen, which makes the parts pending again", async () => {
    const id = await makeBlocker(alice, [bob]);
    await post(bob, `/api/blockers/${id}/done`);
    expect((await detail(alice, id)).status).toBe("resolved");
    expect((await post(bob, `/api/blockers/${id}/reopen`)).status).toBe(200);
    const blocker = await detail(alice, id);
    expect(blocker.status).toBe("open");
    expect(blocker.blocking[0]?.status).toBe("pending");
    expect((await post(bob, `/api/blockers/${id}/reopen`)).status).toBe(409);
  });

  it("ends in one state with one event when two people resolve at the same moment", async () => {
    const owner = alice; // Alice created the team: she is its owner, so an admin as well as the creator here.
    const id = await makeBlocker(carol, [bob]);
    const answers = await Promise.all([post(carol, `/api/blockers/${id}/resolve`), post(owner, `/api/blockers/${id}/resolve`)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const events = await server.deps.db.select().from(blockerEvents).where(eq(blockerEvents.blockerId, id));
    expect(events.filter((event) => event.type === "resolved")).toHaveLength(1);
  });

  it("adds and removes people, never leaving a blocker waiting on nobody", async () => {
    const id = await makeBlocker(alice, [bob]);
    expect((await post(alice, `/api/blockers/${id}/people`, { profileId: dan.profileId, role: "blocking" })).status).toBe(201);
    expect((await post(alice, `/api/blockers/${id}/people`, { profileId: dan.profileId, role: "waiting" })).status).toBe(409);
    expect((await post(alice, `/api/blockers/${id}/people`, { profileId: erin.profileId, role: "waiting" })).status).toBe(201);
    const removeBob = await alice.client.request(`/api/blockers/${id}/people/${bob.profileId}?role=blocking`, { method: "DELETE" });
    expect(removeBob.status).toBe(200);
    const removeDan = await alice.client.request(`/api/blockers/${id}/people/${dan.profileId}?role=blocking`, { method: "DELETE" });
    expect(removeDan.status).toBe(409);
    const removeAlice = await alice.client.request(`/api/blockers/${id}/people/${alice.profileId}?role=waiting`, { method: "DELETE" });
    expect(removeAlice.status).toBe(409);
    const blocker = await detail(alice, id);
    expect(blocker.blocking.map((part) => part.person.id)).toEqual([dan.profileId]);
    expect(blocker.waiting.map((person) => person.id).sort()).toEqual([alice.profileId, erin.profileId].sort());
  });
});

describe("manual nudges", () => {
  it("reach the blocking person in the app and by e-mail, at most once an hour", async () => {
    const id = await makeBlocker(alice, [bob], { title: "Sign-off on the launch plan" });
    const first = await post(alice, `/api/blockers/${id}/nudge`, { profileId: bob.profileId });
    expect(first.status).toBe(200);
    // The new blocker's e-mail, then the nudge's: a reminder's subject, with how long it has waited.
    await server.mail.waitFor(bob.email, (m) => m.subject === "Alice is waiting on you: Sign-off on the launch plan");
    const mail = await server.mail.waitFor(bob.email, (m) => m.subject.startsWith("Reminder: Sign-off on the launch plan"));
    expect(mail.subject).toBe("Reminder: Sign-off on the launch plan (waiting less than a minute)");
    expect(mail.text).toContain(`/blockers/${id}`);
    expect((await okJson(bob.client.api.notifications.$get()))[0]).toMatchObject({ type: "nudged", blockerId: id });

    const tooSoon = await post(alice, `/api/blockers/${id}/nudge`, { profileId: bob.profileId });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.json).toMatchObject({ code: "nudge_too_soon", nextNudgeAt: new Date(clock.now().getTime() + 60 * 60 * 1000).toISOString() });
    const card = (await okJson(alice.client.api.blockers["im-waiting-on"].$get({ query: {} })).then((page) => page.items)).find((item) => item.id === id);
    expect(card?.blocking[0]?.nextNudgeAt).toBeTruthy();

    clock.advance(61 * 60 * 1000);
    expect((await post(alice, `/api/blockers/${id}/nudge`, { profileId: bob.profileId })).status).toBe(200);
  });

  it("cannot target someone who already answered", async () => {
    const id = await makeBlocker(alice, [bob, dan]);
    await post(bob, `/api/blockers/${id}/done`);
    expect((await post(alice, `/api/blockers/${id}/nudge`, { profileId: bob.profileId })).status).toBe(409);
  });
});

describe("notifications", () => {
  it("are marked read one by one or all at once, and nobody else's can be touched", async () => {
    await makeBlocker(alice, [dan], { title: "One" });
    await makeBlocker(alice, [dan], { title: "Two" });
    const before = await okJson(dan.client.api.notifications["unread-count"].$get());
    expect(before.unread).toBeGreaterThanOrEqual(2);
    const [latest] = await okJson(dan.client.api.notifications.$get());
    expect((await post(erin, `/api/notifications/${latest?.id}/read`)).status).toBe(404);
    expect((await post(dan, `/api/notifications/${latest?.id}/read`)).status).toBe(200);
    expect((await okJson(dan.client.api.notifications["unread-count"].$get())).unread).toBe(before.unread - 1);
    expect((await post(dan, "/api/notifications/read-all")).status).toBe(200);
    expect((await okJson(dan.client.api.notifications["unread-count"].$get())).unread).toBe(0);
    const list = await okJson(dan.client.api.notifications.$get());
    expect(list.every((notification) => notification.readAt !== null)).toBe(true);
  });
});

describe("opening a blocker", () => {
  it("marks read the notifications about it, and only those", async () => {
    const unread = async () => (await okJson(erin.client.api.notifications.$get())).filter((notification) => notification.readAt === null).map((notification) => notification.blockerId);
    const opened = await makeBlocker(alice, [erin], { title: "Opened" });
    const other = await makeBlocker(alice, [erin], { title: "Not opened" });
    await post(alice, `/api/blockers/${opened}/comments`, { body: "Any news?" });
    expect((await unread()).filter((id) => id === opened)).toHaveLength(2);

    expect((await post(erin, `/api/notifications/read-all?blockerId=${opened}`)).status).toBe(200);
    expect(await unread()).not.toContain(opened);
    expect(await unread()).toContain(other);
    expect((await post(erin, "/api/notifications/read-all?blockerId=not-a-blocker")).json).toMatchObject({ fields: { blockerId: [expect.any(String)] } });
  });
});

describe("a teammate's page", () => {
  it("shows the open blockers on them and their median time to unblock", async () => {
    const first = await makeBlocker(alice, [erin]);
    clock.advance(2 * 60 * 60 * 1000);
    await post(erin, `/api/blockers/${first}/done`);
    const second = await makeBlocker(alice, [erin]);
    clock.advance(4 * 60 * 60 * 1000);
    await post(erin, `/api/blockers/${second}/done`);
    const open = await makeBlocker(alice, [erin], { title: "Still open" });
    const page = await okJson(bob.client.api.people[":id"].$get({ param: { id: erin.profileId } }));
    expect(page.person).toMatchObject({ id: erin.profileId, fullName: "Erin" });
    expect(page.openBlockers.map((card) => card.id)).toContain(open);
    expect(page.medianTimeToUnblockMs).toBe(3 * 60 * 60 * 1000);
    expect(page.unblockedCount).toBe(2);
  });
});
