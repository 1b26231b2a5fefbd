import { describe, expect, it } from "vitest";
import { parseDue } from "./due-words";

// Local times: the test holds whatever the machine's zone. Sunday 29 November 2026, 10:00.
const now = new Date(2026, 10, 29, 10, 0);

describe("parseDue", () => {
  it("reads a day and a time in words, forward from now", () => {
    expect(parseDue("tomorrow 5pm", now, "17:00")).toEqual(new Date(2026, 10, 30, 17, 0));
    expect(parseDue("dec 8 at 9:30", now, "17:00")).toEqual(new Date(2026, 11, 8, 9, 30));
  });

  it("takes a day without a time as the end of that working day", () => {
    expect(parseDue("fri", now, "17:00")).toEqual(new Date(2026, 11, 4, 17, 0));
    expect(parseDue("in 3 days", now, "18:30")).toEqual(new Date(2026, 11, 2, 18, 30));
  });

  it("finds nothing in words that name no time", () => {
    expect(parseDue("", now, "17:00")).toBeNull();
    expect(parseDue("whenever", now, "17:00")).toBeNull();
  });
});
