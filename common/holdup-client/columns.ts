// The two columns a tray or browser extension shows (issue #15): Waiting on me and I'm waiting on, each blocker with
// its age, its people and the actions that fit it — built from the public API's lists (/api/v1/blockers?view=…), so
// the tray and the extension say the same thing the same way. Only actions the server will take are offered: Mark
// done and Snooze until tomorrow on my own part; Nudge for each person still pending, still in the team and not nudged
// within the hour and not snoozing (the server's rules: common/nudge-rules.ts). Ages come from the server's times against this machine's clock; a clock behind the server's shows "just
// now", never a negative age.
import { nextNudgeTime } from "../nudge-rules.ts";
import { compactAge } from "../durations.ts";
import type { BlockerResource, PersonResource } from "../public-api.ts";

export type Nudgeable = { profileId: string; name: string };

export type ColumnItem = {
  id: string;
  title: string;
  url: string;
  priority: BlockerResource["priority"];
  /** "3d", "5h", "just now". */
  age: string;
  /** Who waits (Waiting on me) or who is waited on (I'm waiting on), by name. */
  people: string;
  /** Waiting on me: my part is still pending, so it can be marked done or snoozed (the server allows both alike). */
  myPartPending: boolean;
  /** I'm waiting on: the people a nudge may go to now. */
  nudgeable: Nudgeable[];
};

export type Columns = { waitingOnMe: ColumnItem[]; imWaitingOn: ColumnItem[] };

export const nameOf = (person: PersonResource) => person.name ?? (person.email || "Someone");

/** What an item shows of its blocker in either column: the blocker itself, its age, and the people named. */
const itemOf = (blocker: BlockerResource, now: number, people: PersonResource[]) => ({
  id: blocker.id,
  title: blocker.title,
  url: blocker.url,
  priority: blocker.priority,
  age: compactAge(Math.max(0, now - Date.parse(blocker.createdAt))),
  people: people.map(nameOf).join(", "),
});

/** Blockers whose part `me` still has to answer: who waits on me, and what I can do. */
export function waitingOnMeItems(blockers: BlockerResource[], me: string, now: number): ColumnItem[] {
  return blockers.map((blocker) => {
    const mine = blocker.blocking.find((part) => part.person.id === me && part.status === "pending");
    return {
      ...itemOf(blocker, now, blocker.waiting),
      myPartPending: mine !== undefined,
      nudgeable: [],
    };
  });
}

/** Blockers I wait on: who holds them up, and whom a nudge may reach now (once an hour per person and blocker). */
export function imWaitingOnItems(blockers: BlockerResource[], now: number): ColumnItem[] {
  return blockers.map((blocker) => {
    const pending = blocker.blocking.filter((part) => part.status === "pending");
    const nudgeable = pending
      .filter((part) => !part.person.formerMember && nextNudgeTime(part, now) === null)
      .map((part) => ({ profileId: part.person.id, name: nameOf(part.person) }));
    return {
      ...itemOf(blocker, now, pending.map((part) => part.person)),
      myPartPending: false,
      nudgeable,
    };
  });
}
