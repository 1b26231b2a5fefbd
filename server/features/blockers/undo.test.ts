// Undo (issue #27, decision 049): the author of a change takes it back moments after — done, snoozed, declined,
// resolved, cancelled — and the blocker is as it was: parts, status, counters; the timeline keeps the change and its
// undo; the change's unread notifications are withdrawn; nobody else, and nothing later, can be undone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNDO_WINDOW_MS } from "../../../common/blocker-values.ts";
import { makeBlocker, makeTeam, testClock, type Teammate } from "../../test/factories.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

const clock = testClock();
let server: TestServer;
let alice: Teammate, bob: Teammate, carol: Teammate;

type Detail = { status: string; blocking: { person: { id: string }; status: string; snoozedUntil: string | null; declineReason: string | null }[]; timeline: { type: string; payload: Record<string, unknown> }[] };

async function post(person: Teammate, path: string, body?: unknown) {
  const answer = await person.client.post(path, body);
  return { status: answer.status, json: answer.json as Record<string, unknown> };
}
async function detail(person: Teammate, id: string) {
  const answer = await person.client.request(`/api/blockers/${id}`);
  expect(answer.status).toBe(200);
  return answer.json as Detail;
}
const partOf = (blocker: Detail, person: Teammate) => blocker.blocking.find((part) => part.person.id === person.profileId);
const counters = async (person: Teammate) => (await person.client.request("/api/counters")).json as { waitingOnMe: number; imWaitingOn: number };
const notificationsOf = async (person: Teammate, id: string) => ((await person.client.request("/api/notifications")).json as { type: string; blockerId: string }[]).filter((item) => item.blockerId === id).map((item) => item.type);
const undo = (person: Teammate, id: string, change: string) => post(person, `/api/blockers/${id}/undo`, { change });

beforeAll(async () => {
  server = await startTestServer({ smtp: false, clock });
  [alice, bob, carol] = (await makeTeam(server, ["Alice", "Bob", "Carol"])) as [Teammate, Teammate, Teammate];
});
afterAll(() => server?.stop());

describe("undo", () => {
  it("takes back a part marked done, and the resolution it caused, withdrawing what it told the author", async () => {
    const id = await makeBlocker(alice, [bob]);
    expect((await post(bob, `/api/blockers/${id}/done`)).json).toEqual({ resolved: true });
    expect(await notificationsOf(alice, id)).toEqual(expect.arrayContaining(["done", "resolved"]));
    clock.advance(5_000);
    expect(await undo(bob, id, "done")).toEqual({ status: 200, json: { undone: "done" } });
    const blocker = await detail(alice, id);
    expect(blocker.status).toBe("open");
    expect(partOf(blocker, bob)?.status).toBe("pending");
    expect(blocker.timeline.map((event) => event.type)).toEqual(["created", "done", "resolved", "undone"]);
    expect(blocker.timeline.at(-1)?.payload).toEqual({ type: "done" });
    expect(await notificationsOf(alice, id)).toEqual([]);
    expect(await counters(bob)).toMatchObject({ waitingOnMe: 1 });
    expect(await counters(alice)).toMatchObject({ imWaitingOn: 1 });
    // Only once: the undo is now the latest change.
    expect((await undo(bob, id, "done")).json).toMatchObject({ code: "cannot_undo" });
  });

  it("puts back the snooze a snooze replaced, or none", async () => {
    const id = await makeBlocker(alice, [bob]);
    const first = (await post(bob, `/api/blockers/${id}/snooze`, { choice: "tomorrow" })).json.snoozedUntil;
    await post(bob, `/api/blockers/${id}/snooze`, { choice: "next-week" });
    expect((await undo(bob, id, "snoozed")).status).toBe(200);
    expect(partOf(await detail(bob, id), bob)?.snoozedUntil).toBe(first);
    // Each undo takes back the latest change only: the first snooze was followed by another, and stays.
    expect((await undo(bob, id, "snoozed")).json).toMatchObject({ code: "cannot_undo" });
    const other = await makeBlocker(alice, [bob]);
    await post(bob, `/api/blockers/${other}/snooze`, { choice: "tomorrow" });
    expect((await undo(bob, other, "snoozed")).status).toBe(200);
    expect(partOf(await detail(bob, other), bob)?.snoozedUntil).toBeNull();
  });

  it("takes back a decline: the part is pending again, without its reason", async () => {
    const id = await makeBlocker(alice, [bob, carol]);
    await post(bob, `/api/blockers/${id}/decline`, { reason: "Not mine", suggestedProfileId: carol.profileId });
    expect((await undo(bob, id, "declined")).status).toBe(200);
    const part = partOf(await detail(alice, id), bob);
    expect(part).toMatchObject({ status: "pending", declineReason: null });
    expect(await notificationsOf(alice, id)).not.toContain("declined");
  });

  it("reopens a blocker its author resolved or cancelled, with the parts that end released pending again", async () => {
    for (const end of ["resolve", "cancel"] as const) {
      const id = await makeBlocker(alice, [bob, carol]);
      await post(carol, `/api/blockers/${id}/done`);
      await post(alice, `/api/blockers/${id}/${end}`);
      expect((await detail(alice, id)).status).toBe(end === "resolve" ? "resolved" : "cancelled");
      expect((await undo(alice, id, end === "resolve" ? "resolved" : "cancelled")).status).toBe(200);
      const blocker = await detail(alice, id);
      expect(blocker.status).toBe("open");
      expect(partOf(blocker, bob)?.status).toBe("pending");
      expect(partOf(blocker, carol)?.status).toBe("done");
    }
  });

  it("refuses someone else's change, a change followed by another, one too old, and a body that is not one", async () => {
    const id = await makeBlocker(alice, [bob]);
    await post(bob, `/api/blockers/${id}/snooze`, { choice: "tomorrow" });
    expect((await undo(alice, id, "snoozed")).status).toBe(409);
    expect((await undo(bob, id, "done")).status).toBe(409);
    await post(alice, `/api/blockers/${id}/comments`, { body: "Any news?" });
    expect((await undo(bob, id, "snoozed")).json).toMatchObject({ code: "cannot_undo", message: "This can no longer be undone: something else happened to the blocker since" });

    const later = await makeBlocker(alice, [bob]);
    await post(bob, `/api/blockers/${later}/done`);
    clock.advance(UNDO_WINDOW_MS + 1);
    expect((await undo(bob, later, "done")).json).toMatchObject({ code: "cannot_undo", message: "This can no longer be undone: it was too long ago" });

    const refused = await undo(bob, later, "commented");
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ fields: { change: [expect.any(String)] } });
    const outsider = (await makeTeam(server, ["Mallory"], "Elsewhere"))[0] as Teammate;
    expect((await undo(outsider, later, "done")).status).toBe(404);
  });
});
