// The reconnect waits of the tray and the extension: doubling from a second to a minute, jittered, reset by success.
import { describe, expect, it } from "vitest";
import { backoffDelay, createBackoff } from "./backoff.ts";

describe("the backoff", () => {
  it("doubles from one second up to a minute, each wait between half its ceiling and all of it", () => {
    const lowest = [0, 1, 2, 3, 4, 5, 6, 7, 20].map((attempt) => backoffDelay(attempt, { random: () => 0 }));
    const highest = [0, 1, 2, 3, 4, 5, 6, 7, 20].map((attempt) => backoffDelay(attempt, { random: () => 0.999999 }));
    expect(lowest).toEqual([500, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect(highest).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });

  it("counts failures in a row and starts over after a success", () => {
    const backoff = createBackoff({ random: () => 0 });
    expect([backoff.next(), backoff.next(), backoff.next()]).toEqual([500, 1_000, 2_000]);
    expect(backoff.failures()).toBe(3);
    backoff.reset();
    expect(backoff.next()).toBe(500);
  });
});
