// The two columns from the public API's lists: ages, people, and only the actions the server will take.
import { describe, expect, it } from "vitest";
import type { BlockerResource, PersonResource } from "../public-api.ts";
import { imWaitingOnItems, waitingOnMeItems } from "./columns.ts";

const now = Date.parse("2026-11-26T12:00:00Z");
const HOUR = 60 * 60 * 1000;
const person = (id: string, name: string | null, extra: Partial<PersonResource> = {}): PersonResource => ({ id, name, email: `${id}@example.com`, formerMember: false, ...extra });
const ana = person("ana", "Ana");
const bob = person("bob", "Bob");
const cleo = person("cleo", null);
const dan = person("dan", "Dan", { formerMember: true });

function blocker(overrides: Partial<BlockerResource> & Pick<BlockerResource, "blocking">): BlockerResource {
  return {
    id: "b1",
    title: "API spec",
    description: null,
    linkUrl: null,
    priority: "normal",
    status: "open",
    source: "web",
    dueAt: null,
    createdAt: new Date(now - 3 * 24 * HOUR - HOUR).toISOString(),
    resolvedAt: null,
    url: "https://holdup.example.com/blockers/b1",
    creator: ana,
    waiting: [ana],
    invited: [],
    ...overrides,
  };
}
const part = (who: PersonResource, extra: Partial<BlockerResource["blocking"][number]> = {}): BlockerResource["blocking"][number] => ({ person: who, status: "pending", snoozedUntil: null, lastNudgedAt: null, declineReason: null, ...extra });

describe("Waiting on me", () => {
  it("names who waits, says how long, and offers Mark done and Snooze only on a part still mine to answer", () => {
    const [open, answered] = waitingOnMeItems(
      [blocker({ blocking: [part(bob)], waiting: [ana, cleo] }), blocker({ id: "b2", blocking: [part(bob, { status: "done" })] })],
      "bob",
      now,
    );
    expect(open).toMatchObject({ title: "API spec", age: "3d", people: "Ana, cleo@example.com", myPartPending: true, nudgeable: [] });
    expect(answered).toMatchObject({ myPartPending: false });
  });

  it("shows a blocker from a server whose clock is ahead as just now, never a negative age", () => {
    const [item] = waitingOnMeItems([blocker({ blocking: [part(bob)], createdAt: new Date(now + 5 * 60 * 1000).toISOString() })], "bob", now);
    expect(item?.age).toBe("just now");
  });
});

describe("I'm waiting on", () => {
  it("names who holds it up and offers a nudge to each pending teammate not nudged within the hour", () => {
    const [item] = imWaitingOnItems(
      [blocker({ blocking: [part(bob), part(cleo, { lastNudgedAt: new Date(now - HOUR + 1000).toISOString() }), part(dan), part(person("eve", "Eve"), { status: "done" }), part(person("fay", "Fay"), { lastNudgedAt: new Date(now - HOUR - 1000).toISOString() })] })],
      now,
    );
    expect(item?.people).toBe("Bob, cleo@example.com, Dan, Fay");
    expect(item?.nudgeable).toEqual([
      { profileId: "bob", name: "Bob" },
      { profileId: "fay", name: "Fay" },
    ]);
    expect(item).toMatchObject({ myPartPending: false });
  });
});
