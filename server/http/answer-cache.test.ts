import { describe, expect, it } from "vitest";
import { createChangeVersions } from "../realtime/change-versions.ts";
import { testClock } from "../test/factories.ts";
import { createAnswerCache } from "./answer-cache.ts";

function setUp(maxEntries?: number) {
  const versions = createChangeVersions();
  const clock = testClock(new Date("2026-11-25T09:00:00Z"));
  const cache = createAnswerCache(versions, clock, maxEntries);
  let loads = 0;
  /** A load that answers how many loads there have been: a kept answer repeats an old number. */
  const counting = async () => ++loads;
  return { versions, clock, cache, counting, loads: () => loads };
}

describe("answer cache", () => {
  it("keeps an answer until its team is marked changed, whatever other teams do", async () => {
    const { versions, cache, counting } = setUp();
    expect(await cache.read("board", { teamId: "t1" }, counting)).toBe(1);
    expect(await cache.read("board", { teamId: "t1" }, counting)).toBe(1);
    versions.mark({ teamIds: ["t2"], userIds: ["u1"] });
    expect(await cache.read("board", { teamId: "t1" }, counting)).toBe(1);
    versions.mark({ teamIds: ["t1"] });
    expect(await cache.read("board", { teamId: "t1" }, counting)).toBe(2);
  });

  it("keeps a person's answer until that person is marked changed", async () => {
    const { versions, cache, counting } = setUp();
    await cache.read("member:u1", { userId: "u1" }, counting);
    versions.mark({ teamIds: ["t1"] });
    expect(await cache.read("member:u1", { userId: "u1" }, counting)).toBe(1);
    versions.mark({ userIds: ["u1"] });
    expect(await cache.read("member:u1", { userId: "u1" }, counting)).toBe(2);
  });

  it("does not keep an answer read while a change was marked: it may hold the state before the change", async () => {
    const { versions, cache } = setUp();
    let finish: (value: string) => void = () => {};
    const slow = cache.read("dashboard", { teamId: "t1" }, () => new Promise<string>((resolve) => (finish = resolve)));
    versions.mark({ teamIds: ["t1"] });
    finish("before the change");
    expect(await slow).toBe("before the change");
    expect(await cache.read("dashboard", { teamId: "t1" }, async () => "after the change")).toBe("after the change");
  });

  it("keeps nothing while changes may be missed, and keeps again once they are heard", async () => {
    const { versions, cache, counting } = setUp();
    await cache.read("board", { teamId: "t1" }, counting);
    versions.markUnknown();
    expect(await cache.read("board", { teamId: "t1" }, counting)).toBe(2);
    expect(await cache.read("board", { teamId: "t1" }, counting)).toBe(3);
    versions.markKnown();
    expect(await cache.read("board", { teamId: "t1" }, counting)).toBe(4);
    expect(await cache.read("board", { teamId: "t1" }, counting)).toBe(4);
  });

  it("reads again once the answer's own time has passed, or when the clock went back", async () => {
    const { clock, cache, counting } = setUp();
    const inOneHour = () => new Date(clock.now().getTime() + 3_600_000);
    let until = inOneHour();
    expect(await cache.read("dashboard", {}, counting, { freshUntil: () => until })).toBe(1);
    clock.advance(3_599_999);
    expect(await cache.read("dashboard", {}, counting, { freshUntil: () => until })).toBe(1);
    clock.advance(1);
    until = inOneHour();
    expect(await cache.read("dashboard", {}, counting, { freshUntil: () => until })).toBe(2);
    clock.advance(-60_000);
    expect(await cache.read("dashboard", {}, counting, { freshUntil: () => until })).toBe(3);
  });

  it("does not keep what it is told not to", async () => {
    const { cache, counting } = setUp();
    await cache.read("member:u1", {}, counting, { keep: () => false });
    expect(await cache.read("member:u1", {}, counting, { keep: () => false })).toBe(2);
    expect(cache.size()).toBe(0);
  });

  it("shares one load between requests that arrive while it runs", async () => {
    const { cache, counting, loads } = setUp();
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.read("dashboard", { teamId: "t1" }, counting)));
    expect(answers).toEqual([1, 1, 1, 1, 1]);
    expect(loads()).toBe(1);
  });

  it("lets the least recently used answer go first when full", async () => {
    const { cache, counting } = setUp(2);
    await cache.read("a", {}, counting); // 1
    await cache.read("b", {}, counting); // 2
    await cache.read("a", {}, counting); // a used again: b is now the oldest
    await cache.read("c", {}, counting); // 3, b goes
    expect(cache.size()).toBe(2);
    expect(await cache.read("a", {}, counting)).toBe(1);
    expect(await cache.read("b", {}, counting)).toBe(4);
  });
});
