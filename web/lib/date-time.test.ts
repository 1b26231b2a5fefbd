import { describe, expect, it } from "vitest";
import { localInputToIso, toLocalInputValue } from "./date-time";

describe("localInputToIso", () => {
  it("keeps the local wall time and adds this browser's offset", () => {
    const iso = localInputToIso("2026-03-01T14:30");
    expect(iso).toMatch(/^2026-03-01T14:30:00[+-]\d{2}:\d{2}$/);
    expect(new Date(iso ?? "").getTime()).toBe(new Date("2026-03-01T14:30").getTime());
  });

  it("refuses what is not a date and time", () => {
    expect(localInputToIso("")).toBeUndefined();
    expect(localInputToIso("tomorrow")).toBeUndefined();
    expect(localInputToIso("2026-13-45T99:99")).toBeUndefined();
  });

  it("round-trips with toLocalInputValue", () => {
    const date = new Date(2026, 5, 15, 9, 5);
    expect(toLocalInputValue(date)).toBe("2026-06-15T09:05");
    expect(new Date(localInputToIso(toLocalInputValue(date)) ?? "").getTime()).toBe(date.getTime());
  });
});
