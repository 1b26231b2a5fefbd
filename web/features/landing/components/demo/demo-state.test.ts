import { describe, expect, it } from "vitest";
import { DEMO_TITLE_MAX, demoReducer, imWaitingOn, initialDemoState, titleProblem, waitingOnMe, type DemoAction, type DemoState } from "./demo-state";

const run = (...actions: DemoAction[]): DemoState => actions.reduce(demoReducer, initialDemoState);
const add = (title: string, blockingPersonId = "sam"): DemoAction => ({ type: "addBlocker", title, blockingPersonId, nowLabel: "just now" });
const nudge = (blockerId: string): DemoAction => ({ type: "nudge", blockerId, nowLabel: "just now" });

describe("the demo's starting point", () => {
  it("has Alex waited on twice and waiting on two teammates", () => {
    expect(initialDemoState.you.name).toBe("Alex Rivera");
    expect(waitingOnMe(initialDemoState)).toHaveLength(2);
    expect(imWaitingOn(initialDemoState)).toHaveLength(2);
    expect(initialDemoState.resolved).toEqual([]);
    expect(initialDemoState.notice).toBeNull();
  });

  it("names only teammates the demo knows", () => {
    const known = new Set(initialDemoState.teammates.map((person) => person.id));
    expect(initialDemoState.blockers.every((blocker) => known.has(blocker.personId))).toBe(true);
    expect(known.has(initialDemoState.you.id)).toBe(false);
  });
});

describe("adding a blocker", () => {
  it("puts it first under I'm waiting on, trimmed, and counts it", () => {
    const state = run(add("  Final logo files  ", "priya"));
    const [first] = imWaitingOn(state);
    expect(first).toMatchObject({ title: "Final logo files", personId: "priya", side: "imWaitingOn", age: "just now", nudgeCount: 0, lastNudged: null });
    expect(imWaitingOn(state)).toHaveLength(3);
    expect(waitingOnMe(state)).toHaveLength(2);
    expect(state.notice).toEqual({ kind: "added", blockerId: first?.id, title: "Final logo files", personId: "priya" });
  });

  it("gives ids from the counter in the state, so the same actions give the same ids", () => {
    const state = run(add("One"), add("Two"));
    expect(imWaitingOn(state).map((blocker) => blocker.id)).toEqual(["b6", "b5", "b3", "b4"]);
    expect(run(add("One"), add("Two"))).toEqual(state);
  });

  it("refuses an empty or too long title and an unknown person, changing nothing", () => {
    for (const action of [add(""), add("   "), add("x".repeat(DEMO_TITLE_MAX + 1)), add("Fine title", "nobody"), add("Fine title", "you")]) {
      expect(demoReducer(initialDemoState, action)).toBe(initialDemoState);
    }
    expect(imWaitingOn(run(add("x".repeat(DEMO_TITLE_MAX))))).toHaveLength(3);
  });
});

describe("title rule", () => {
  it("wants 1 to 200 characters once trimmed", () => {
    expect(titleProblem("")).toBe("required");
    expect(titleProblem(" \t ")).toBe("required");
    expect(titleProblem("a")).toBeNull();
    expect(titleProblem(` ${"a".repeat(200)} `)).toBeNull();
    expect(titleProblem("a".repeat(201))).toBe("tooLong");
  });
});

describe("nudging", () => {
  it("records the nudge and counts it", () => {
    const state = run(nudge("b3"));
    expect(state.blockers.find((blocker) => blocker.id === "b3")).toMatchObject({ nudgeCount: 3, lastNudged: "just now", nudgedInDemo: true });
    expect(state.notice).toEqual({ kind: "nudged", blockerId: "b3", personId: "sam" });
  });

  it("refuses a second nudge of the same blocker with a note, counting nothing more", () => {
    const once = run(nudge("b3"));
    const twice = demoReducer(once, nudge("b3"));
    expect(twice.blockers).toBe(once.blockers);
    expect(twice.notice).toEqual({ kind: "nudgeRefused", blockerId: "b3", personId: "sam" });
  });

  it("still lets another blocker be nudged", () => {
    const state = run(nudge("b3"), nudge("b4"));
    expect(state.blockers.find((blocker) => blocker.id === "b4")).toMatchObject({ nudgeCount: 1, lastNudged: "just now" });
    expect(state.notice).toEqual({ kind: "nudged", blockerId: "b4", personId: "dana" });
  });

  it("does not nudge on something waiting on you, nor an unknown blocker", () => {
    expect(demoReducer(initialDemoState, nudge("b1"))).toBe(initialDemoState);
    expect(demoReducer(initialDemoState, nudge("b99"))).toBe(initialDemoState);
  });
});

describe("marking done", () => {
  it("moves a Waiting on me blocker to Resolved and the counters follow", () => {
    const state = run({ type: "markDone", blockerId: "b1" });
    expect(waitingOnMe(state).map((blocker) => blocker.id)).toEqual(["b2"]);
    expect(imWaitingOn(state)).toHaveLength(2);
    expect(state.resolved).toEqual([{ id: "b1", title: "Review: onboarding copy", personId: "priya" }]);
    expect(state.notice).toEqual({ kind: "done", title: "Review: onboarding copy", personId: "priya" });
  });

  it("keeps the newest resolved first", () => {
    const state = run({ type: "markDone", blockerId: "b1" }, { type: "markDone", blockerId: "b2" });
    expect(waitingOnMe(state)).toEqual([]);
    expect(state.resolved.map((item) => item.id)).toEqual(["b2", "b1"]);
  });

  it("leaves what you wait on for the other person to finish", () => {
    expect(demoReducer(initialDemoState, { type: "markDone", blockerId: "b3" })).toBe(initialDemoState);
  });
});

describe("reset", () => {
  it("brings back the starting point, ids included, and says so", () => {
    const state = run(add("Something"), nudge("b3"), { type: "markDone", blockerId: "b1" }, { type: "reset" });
    expect({ ...state, notice: null }).toEqual(initialDemoState);
    expect(state.notice).toEqual({ kind: "reset" });
    expect(imWaitingOn(demoReducer(state, add("Again")))[0]?.id).toBe("b5");
    // Nudging works again after a reset.
    expect(demoReducer(state, nudge("b3")).notice?.kind).toBe("nudged");
  });
});
