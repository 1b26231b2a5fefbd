// Someone whose membership of a team ended (an owner or admin removed them, or they left) gets nothing more of that
// team: no live events, no notifications, no nudges; the team's blockers stop waiting on them, and the people who
// remain see them as a former member. Their counters agree with their lists in the team they join next.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aboutBlocker, openEventStream } from "../../test/event-stream.ts";
import { joinTeam, makeBlocker, makeTeam, okJson, type Teammate } from "../../test/factories.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  // With SMTP: nudges go out by e-mail, so the test can see that none reaches someone who left.
  server = await startTestServer({ smtp: true });
});
afterAll(() => server?.stop());

const teamIdOf = async (who: Teammate) => (await okJson(who.client.api.team.$get())).id;

async function removeFromTeam(admin: Teammate, who: Teammate) {
  const removed = await admin.client.post("/api/auth/organization/remove-member", { memberIdOrEmail: who.email, organizationId: await teamIdOf(admin) });
  expect(removed.status, removed.text).toBe(200);
}

async function leaveTeam(who: Teammate) {
  const left = await who.client.post("/api/auth/organization/leave", { organizationId: await teamIdOf(who) });
  expect(left.status, left.text).toBe(200);
}

const blockerOf = (who: Teammate, id: string) => okJson(who.client.api.blockers[":id"].$get({ param: { id } }));
const partOf = async (who: Teammate, blockerId: string, person: Teammate) => (await blockerOf(who, blockerId)).blocking.find((part) => part.person.id === person.profileId);

/** What someone's counters say, and what their lists hold: the two must agree. */
async function countersAndLists(who: Teammate) {
  const [counters, waitingOnMe, imWaitingOn, notifications, unread] = await Promise.all([
    okJson(who.client.api.counters.$get()),
    okJson(who.client.api.blockers["waiting-on-me"].$get({ query: {} })).then((page) => page.items),
    okJson(who.client.api.blockers["im-waiting-on"].$get({ query: {} })).then((page) => page.items),
    okJson(who.client.api.notifications.$get()),
    okJson(who.client.api.notifications["unread-count"].$get()),
  ]);
  // "I'm waiting on" also lists open blockers nobody is left pending on, uncounted (each card shows it).
  const stillPending = imWaitingOn.filter((card) => card.blocking.some((part) => part.status === "pending"));
  expect(counters).toEqual({ waitingOnMe: waitingOnMe.length, imWaitingOn: stillPending.length });
  expect(unread.unread).toBe(notifications.filter((notification) => notification.readAt === null).length);
  return { counters, waitingOnMe, imWaitingOn, notifications };
}

// A nudge says "still waiting" (a new blocker on them says "waiting on you" too, and came before they left).
const nudgeMailsTo = (who: Teammate) => server.mail.mails.filter((mail) => mail.to === who.email && mail.text.includes("still waiting on you"));

describe("someone removed from their team", () => {
  let alice: Teammate, bob: Teammate, carol: Teammate, dana: Teammate;
  let shared: string, onlyBob: string, bobsOwn: string;

  beforeAll(async () => {
    [alice, bob, carol] = (await makeTeam(server, ["Alice", "Bob", "Carol"], "Payments")) as [Teammate, Teammate, Teammate];
    [dana] = (await makeTeam(server, ["Dana"], "Growth")) as [Teammate];
    // Alice waits on Bob and Carol; Carol is done, so Bob's part is the last pending one.
    shared = await makeBlocker(alice, [bob, carol], { title: "Payments: refund rules" });
    await okJson(carol.client.api.blockers[":id"].done.$post({ param: { id: shared } }));
    // Alice waits on Bob alone.
    onlyBob = await makeBlocker(alice, [bob], { title: "Payments: ledger export" });
    // Bob logged this one; it waits on Carol.
    bobsOwn = await makeBlocker(bob, [carol], { title: "Payments: card vault keys" });
  });

  it("has their open event stream closed at once", async () => {
    const bobStream = await openEventStream(bob.client);
    await removeFromTeam(alice, bob);
    await bobStream.ended();
    // A stream opened now is refused: Bob is in no team.
    expect((await bob.client.request("/api/events")).status).toBe(403);
  });

  it("is no longer waited on: their parts are released, and a blocker with someone done resolves", async () => {
    const sharedNow = await blockerOf(alice, shared);
    expect(sharedNow.status).toBe("resolved");
    expect(await partOf(alice, shared, bob)).toMatchObject({ status: "released", person: { id: bob.profileId, formerMember: true } });

    // Nobody is left to wait on: it stays open so Alice can ask someone else, and the timeline says why.
    const onlyBobNow = await blockerOf(alice, onlyBob);
    expect(onlyBobNow.status).toBe("open");
    expect(onlyBobNow.blocking).toEqual([expect.objectContaining({ status: "released" })]);
    expect(onlyBobNow.timeline.at(-1)).toMatchObject({ type: "person_left", subject: { id: bob.profileId, formerMember: true } });
    expect(onlyBobNow.can.changePeople).toBe(true);
    const aliceNotifications = await okJson(alice.client.api.notifications.$get());
    expect(aliceNotifications.find((notification) => notification.blockerId === onlyBob && notification.type === "person_left")).toBeTruthy();
  });

  it("stays on the blockers they logged, shown as a former member, and those blockers stay for the others", async () => {
    const bobsOwnNow = await blockerOf(carol, bobsOwn);
    expect(bobsOwnNow).toMatchObject({ status: "open", creator: { id: bob.profileId, formerMember: true } });
    expect(bobsOwnNow.waiting).toEqual([expect.objectContaining({ id: bob.profileId, formerMember: true })]);
    expect((await countersAndLists(carol)).waitingOnMe.map((card) => card.id)).toContain(bobsOwn);
    // The people of the team no longer list Bob; his page still answers, as a former member's.
    const people = await okJson(alice.client.api.people.$get());
    expect(people.map((person) => person.id)).not.toContain(bob.profileId);
    const bobsPage = await okJson(alice.client.api.people[":id"].$get({ param: { id: bob.profileId } }));
    expect(bobsPage.person).toMatchObject({ id: bob.profileId, formerMember: true });
  });

  it("cannot be nudged by the team: the nudge is refused and no e-mail goes out", async () => {
    const nudge = await alice.client.post(`/api/blockers/${onlyBob}/nudge`, { profileId: bob.profileId });
    expect(nudge.status).toBe(409);
    // A nudge to someone still in the team does go out: the mail server is listening.
    const stillHere = await makeBlocker(alice, [carol], { title: "Payments: tax table" });
    expect((await alice.client.post(`/api/blockers/${stillHere}/nudge`, { profileId: carol.profileId })).status).toBe(200);
    await server.mail.waitFor(carol.email, (mail) => mail.text.includes("Payments: tax table"));
    expect(nudgeMailsTo(bob)).toEqual([]);
  });

  it("in their next team, sees none of the old team's activity, and their counters agree with their lists", async () => {
    await joinTeam(server, dana, bob);
    const bobStream = await openEventStream(bob.client);
    try {
      // Bob is still the creator of, and waiting on, a Payments blocker: what happens to it must not reach him.
      expect((await carol.client.post(`/api/blockers/${bobsOwn}/comments`, { body: "The vault keys are in the red folder" })).status).toBe(201);
      expect((await carol.client.post(`/api/blockers/${bobsOwn}/done`)).status).toBe(200);
      // Something in his new team does reach him, so his stream was listening all along.
      const growth = await makeBlocker(dana, [bob], { title: "Growth: landing copy" });
      await bobStream.next(aboutBlocker(growth));
      expect(bobStream.received.filter(aboutBlocker(bobsOwn))).toEqual([]);
    } finally {
      bobStream.close();
    }

    const { counters, waitingOnMe, imWaitingOn, notifications } = await countersAndLists(bob);
    expect(counters).toEqual({ waitingOnMe: 1, imWaitingOn: 0 });
    expect(waitingOnMe.map((card) => card.title)).toEqual(["Growth: landing copy"]);
    expect(imWaitingOn).toEqual([]);
    // Nothing of Payments: no titles, no comment text, no e-mail addresses.
    expect(notifications.map((notification) => notification.blockerTitle)).toEqual(["Growth: landing copy"]);
    const everything = JSON.stringify(notifications);
    for (const secret of ["Payments", "red folder", alice.email, carol.email]) expect(everything).not.toContain(secret);
    expect((await bob.client.request(`/api/blockers/${bobsOwn}`)).status).toBe(404);
  });
});

describe("someone who leaves their team", () => {
  it("loses its live events and nudges at once, their parts are released, and their counters agree with their lists", async () => {
    const [erin, frank] = (await makeTeam(server, ["Erin", "Frank"], "Platform")) as [Teammate, Teammate];
    const [gina] = (await makeTeam(server, ["Gina"], "Support")) as [Teammate];
    const waitingOnFrank = await makeBlocker(erin, [frank], { title: "Platform: disk quotas" });
    const frankStream = await openEventStream(frank.client);

    await leaveTeam(frank);
    await frankStream.ended();

    expect(await partOf(erin, waitingOnFrank, frank)).toMatchObject({ status: "released", person: { formerMember: true } });
    expect((await erin.client.post(`/api/blockers/${waitingOnFrank}/nudge`, { profileId: frank.profileId })).status).toBe(409);
    expect(nudgeMailsTo(frank)).toEqual([]);
    // Reopening the blocker does not make Frank pending again: he can no longer answer.
    expect((await erin.client.post(`/api/blockers/${waitingOnFrank}/cancel`)).status).toBe(200);
    expect((await erin.client.post(`/api/blockers/${waitingOnFrank}/reopen`)).status).toBe(200);
    expect((await partOf(erin, waitingOnFrank, frank))?.status).toBe("released");

    await joinTeam(server, gina, frank);
    expect((await erin.client.post(`/api/blockers/${waitingOnFrank}/comments`, { body: "Quota raised to 2 TB" })).status).toBe(201);
    const { counters, notifications } = await countersAndLists(frank);
    expect(counters).toEqual({ waitingOnMe: 0, imWaitingOn: 0 });
    expect(JSON.stringify(notifications)).not.toContain("Platform");
  });
});
