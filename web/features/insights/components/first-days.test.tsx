// A report's first week (decision 050): when it is one, what it says, and that its sample says it is made up.
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import "@/web/app/app-strings";
import { FIRST_WEEK_MS, FirstDays, firstWeek } from "./first-days";

afterEach(cleanup);

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
const show = (report: "team" | "me", firstBlockerAt: string | null) =>
  render(
    <MemoryRouter>
      <FirstDays report={report} firstBlockerAt={firstBlockerAt} />
    </MemoryRouter>,
  );

describe("firstWeek", () => {
  const now = new Date("2026-12-01T09:00:00Z");
  it("is the first week, with no date yet, before any blocker", () => {
    expect(firstWeek(null, now)).toEqual({ fullFrom: null });
  });
  it("lasts until a week after the first blocker, and says until when", () => {
    expect(firstWeek("2026-11-28T15:30:00Z", now)).toEqual({ fullFrom: new Date("2026-12-05T15:30:00Z") });
    expect(firstWeek(new Date(now.getTime() - FIRST_WEEK_MS + 1).toISOString(), now)).not.toBeNull();
  });
  it("is over a week to the millisecond after the first blocker", () => {
    expect(firstWeek(new Date(now.getTime() - FIRST_WEEK_MS).toISOString(), now)).toBeNull();
    expect(firstWeek("2026-10-01T09:00:00Z", now)).toBeNull();
  });
});

describe("FirstDays", () => {
  it("says what the team's report will show and from which day, beside a sample marked as made up", () => {
    const first = daysAgo(2);
    show("team", first);
    const sentence = screen.getByTestId("first-days-sentence");
    expect(sentence.textContent).toMatch(/^After a week of blockers this shows who holds work up and for how long — from .+\.$/);
    expect(sentence.querySelector("time")?.getAttribute("datetime")).toBe(new Date(new Date(first).getTime() + FIRST_WEEK_MS).toISOString());
    const sample = screen.getByRole("figure", { name: /^Sample — made-up data/ });
    expect(sample.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(sample.getAttribute("aria-describedby") ?? "")?.textContent).toMatch(/^Made-up example, not your team's: Person A, 18\.5 person-hours; /);
    expect(screen.getByText("The numbers below are real: what the first days hold so far.")).toBeTruthy();
  });

  it("says a person's report fills in a week from their first blocker when they have none, and offers to log one", () => {
    show("me", null);
    expect(screen.getByTestId("first-days-sentence").textContent).toBe("After a week of blockers this shows how fast you unblock others and how long you wait — a week from your first blocker.");
    expect(screen.getByRole("figure", { name: /^Sample — made-up data/ })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Log a blocker" }).getAttribute("href")).toBe("/add");
  });

  it("shows nothing once the history is a week old", () => {
    show("team", daysAgo(8));
    expect(screen.queryByTestId("first-days")).toBeNull();
  });
});
