import { describe, expect, it } from "vitest";
import { blockerDetails, descriptionExcerpt } from "./blocker-details.ts";

const now = new Date("2026-11-23T09:00:00Z");

describe("what a message says of a blocker", () => {
  it("gives its priority, its wait and its due date (or that it is overdue) in the reader's zone", () => {
    const created = new Date("2026-11-20T09:00:00Z");
    expect(blockerDetails({ priority: "urgent", createdAt: created, dueAt: new Date("2026-11-24T16:00:00Z"), description: null }, now, "Europe/Paris")).toBe("Urgent · waiting 3 days · due Tue 17:00");
    expect(blockerDetails({ priority: "low", createdAt: created, dueAt: new Date("2026-11-22T16:00:00Z"), description: null }, now, "America/New_York")).toBe("Low priority · waiting 3 days · overdue since Sun 11:00");
    expect(blockerDetails({ priority: "normal", createdAt: now, dueAt: null, description: null }, now, "Europe/Paris")).toBe("Normal priority · waiting less than a minute");
  });

  it("quotes the description's first three lines, cut at 240 characters", () => {
    expect(descriptionExcerpt(null)).toBeUndefined();
    expect(descriptionExcerpt("  \n \n")).toBeUndefined();
    expect(descriptionExcerpt("One.\n\nTwo.\nThree.")).toBe("One. Two. Three.");
    expect(descriptionExcerpt("One.\nTwo.\nThree.\nFour.")).toBe("One. Two. Three.…");
    const long = descriptionExcerpt("x".repeat(300)) ?? "";
    expect([long.length, long.endsWith("…")]).toEqual([241, true]);
  });
});
