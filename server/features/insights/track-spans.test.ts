// The rollup's one rule: from a blocker's state and its ongoing spans, which spans end (and how) and which begin.
import { describe, expect, it } from "vitest";
import { spanChanges, type BlockerState, type OngoingSpan } from "./track-spans.ts";

const state = (overrides: Partial<BlockerState> = {}): BlockerState => ({ blockerId: "b", teamId: "t", status: "open", blocking: [{ profileId: "bob", status: "pending" }], waiting: ["alice"], ...overrides });
const ongoing = (...spans: [string, OngoingSpan["kind"], string | null][]): OngoingSpan[] => spans.map(([id, kind, profileId]) => ({ id, kind, profileId }));

describe("spanChanges", () => {
  it("begins the blocker's opening, each pending part and each waiting person when it is logged", () => {
    expect(spanChanges(state({ blocking: [{ profileId: "bob", status: "pending" }, { profileId: "carol", status: "pending" }] }), [])).toEqual({
      end: [],
      begin: [
        { kind: "open", profileId: null },
        { kind: "blocking", profileId: "bob" },
        { kind: "blocking", profileId: "carol" },
        { kind: "waiting", profileId: "alice" },
      ],
    });
  });

  it("changes nothing while the state matches", () => {
    expect(spanChanges(state(), ongoing(["o", "open", null], ["k", "blocking", "bob"], ["w", "waiting", "alice"]))).toEqual({ end: [], begin: [] });
  });

  it("ends a part with its answer: done, declined, or released when its person left", () => {
    const spans = ongoing(["o", "open", null], ["k1", "blocking", "bob"], ["k2", "blocking", "carol"], ["k3", "blocking", "dan"], ["w", "waiting", "alice"]);
    const answered = state({ blocking: [{ profileId: "bob", status: "done" }, { profileId: "carol", status: "declined" }, { profileId: "dan", status: "released" }] });
    expect(spanChanges(answered, spans)).toEqual({
      end: [
        { id: "k1", outcome: "done" },
        { id: "k2", outcome: "declined" },
        { id: "k3", outcome: "released" },
      ],
      begin: [],
    });
  });

  it("ends everything when the blocker ends: the opening as resolved or cancelled, the waiting as ended", () => {
    const spans = ongoing(["o", "open", null], ["k", "blocking", "bob"], ["w", "waiting", "alice"]);
    expect(spanChanges(state({ status: "cancelled", blocking: [{ profileId: "bob", status: "released" }] }), spans)).toEqual({
      end: [
        { id: "o", outcome: "cancelled" },
        { id: "k", outcome: "released" },
        { id: "w", outcome: "ended" },
      ],
      begin: [],
    });
    expect(spanChanges(state({ status: "resolved", blocking: [{ profileId: "bob", status: "done" }] }), ongoing(["o", "open", null], ["w", "waiting", "alice"])).end).toEqual([
      { id: "o", outcome: "resolved" },
      { id: "w", outcome: "ended" },
    ]);
  });

  it("ends the span of someone taken off an open blocker as removed, and begins one for someone added", () => {
    const spans = ongoing(["o", "open", null], ["k", "blocking", "bob"], ["w", "waiting", "alice"], ["w2", "waiting", "erin"]);
    expect(spanChanges(state({ blocking: [{ profileId: "carol", status: "pending" }, { profileId: "bob", status: "pending" }] }), spans)).toEqual({
      end: [{ id: "w2", outcome: "removed" }],
      begin: [{ kind: "blocking", profileId: "carol" }],
    });
    expect(spanChanges(state({ blocking: [] }), spans).end).toEqual([
      { id: "k", outcome: "removed" },
      { id: "w2", outcome: "removed" },
    ]);
  });

  it("begins again what a reopening asks again: the opening, the parts pending again, the people waiting", () => {
    expect(spanChanges(state({ blocking: [{ profileId: "bob", status: "pending" }, { profileId: "carol", status: "declined" }] }), [])).toEqual({
      end: [],
      begin: [
        { kind: "open", profileId: null },
        { kind: "blocking", profileId: "bob" },
        { kind: "waiting", profileId: "alice" },
      ],
    });
  });

  it("ends a second ongoing span of the same kind and person, should one ever exist", () => {
    expect(spanChanges(state(), ongoing(["o", "open", null], ["k1", "blocking", "bob"], ["k2", "blocking", "bob"], ["w", "waiting", "alice"])).end).toEqual([{ id: "k2", outcome: "removed" }]);
  });
});
