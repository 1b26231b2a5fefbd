import { describe, expect, it } from "vitest";
import "@/web/app/app-strings";
import { i18next } from "./i18n";
import { formatAge, formatAgo, formatDuration } from "./relative-time";

const t = i18next.t;
const minutes = (count: number) => count * 60 * 1000;
const hours = (count: number) => count * minutes(60);
const days = (count: number) => count * hours(24);

describe("formatAge", () => {
  it("says just now under a minute", () => {
    expect(formatAge(0, t)).toBe("just now");
    expect(formatAge(59_999, t)).toBe("just now");
  });

  it("uses the largest whole unit, rounding down", () => {
    expect(formatAge(minutes(1), t)).toBe("1m");
    expect(formatAge(minutes(59), t)).toBe("59m");
    expect(formatAge(hours(5) + minutes(59), t)).toBe("5h");
    expect(formatAge(days(3) + hours(23), t)).toBe("3d");
    expect(formatAge(days(45), t)).toBe("45d");
  });

  it("reads a negative age (a clock slightly ahead) as just now", () => {
    expect(formatAge(-5000, t)).toBe("just now");
  });
});

describe("formatAgo", () => {
  it("adds ago except for just now", () => {
    expect(formatAgo(hours(5), t)).toBe("5h ago");
    expect(formatAgo(1000, t)).toBe("just now");
  });
});

describe("formatDuration", () => {
  it("shows the two largest units and leaves out a zero second unit", () => {
    expect(formatDuration(days(2) + hours(3) + minutes(10), t)).toBe("2d 3h");
    expect(formatDuration(days(1), t)).toBe("1d");
    expect(formatDuration(hours(5) + minutes(10), t)).toBe("5h 10m");
    expect(formatDuration(hours(5), t)).toBe("5h");
    expect(formatDuration(minutes(12), t)).toBe("12m");
  });

  it("says less than a minute for very short times", () => {
    expect(formatDuration(30_000, t)).toBe("less than a minute");
  });
});
