import { describe, expect, it } from "vitest";
import { coalesced } from "./coalesce.ts";

describe("a coalesced read", () => {
  it("runs once at a time, and once more for any number of asks while it ran", async () => {
    const releases: (() => void)[] = [];
    let running = 0;
    let most = 0;
    let runs = 0;
    const read = coalesced(async () => {
      runs++;
      running++;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => releases.push(resolve));
      running--;
    });
    const first = read();
    read();
    const third = read();
    expect(third).toBe(first);
    releases.shift()?.();
    await expect.poll(() => releases.length).toBe(1);
    releases.shift()?.();
    await first;
    expect({ runs, most }).toEqual({ runs: 2, most: 1 });
    const later = read();
    expect(later).not.toBe(first);
    releases.shift()?.();
    await later;
    expect(runs).toBe(3);
  });
});
