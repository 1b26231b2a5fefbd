// The landing page demo's whole world: a made-up team and its blockers, changed only by this pure reducer.
// No clock, no storage, no server: "now" arrives as a ready-made label and ids come from a counter in the state,
// so the same actions always give the same state.
import strings from "@/web/locales/en/demo.json";

/**
 * The same limit as TITLE_MAX in common/blockers.ts. Not imported from there: that module builds zod schemas at
 * load, which would pull zod into the demo's chunk for one number.
 */
export const DEMO_TITLE_MAX = 200;

export type DemoPerson = { id: string; name: string; role: string };

/** Which column a blocker sits in, seen from "you" (Alex). */
export type DemoSide = "waitingOnMe" | "imWaitingOn";

export type DemoBlocker = {
  id: string;
  title: string;
  side: DemoSide;
  /** waitingOnMe: the teammate who waits on you; imWaitingOn: the teammate you wait on (the blocking person). */
  personId: string;
  /** How long ago it was logged, already worded ("3 days ago", "just now"). */
  age: string;
  nudgeCount: number;
  /** When the last nudge went out, already worded ("yesterday", "just now"); null when never nudged. */
  lastNudged: string | null;
  /** You nudged during this demo: the next nudge is refused, as the real app allows one an hour. */
  nudgedInDemo: boolean;
};

export type DemoResolved = { id: string; title: string; personId: string };

/** What the last action did, for the status line; the interface words it. */
export type DemoNotice =
  | { kind: "added"; blockerId: string; title: string; personId: string }
  | { kind: "nudged"; blockerId: string; personId: string }
  | { kind: "nudgeRefused"; blockerId: string; personId: string }
  | { kind: "done"; title: string; personId: string }
  | { kind: "reset" };

export type DemoState = {
  you: DemoPerson;
  teammates: DemoPerson[];
  /** Open blockers, newest first. */
  blockers: DemoBlocker[];
  /** Blockers marked done during the demo, newest first. */
  resolved: DemoResolved[];
  /** The number the next added blocker's id is made from. */
  nextId: number;
  notice: DemoNotice | null;
};

export type DemoAction =
  | { type: "addBlocker"; title: string; blockingPersonId: string; nowLabel: string }
  | { type: "nudge"; blockerId: string; nowLabel: string }
  | { type: "markDone"; blockerId: string }
  | { type: "reset" };

export type TitleProblem = "required" | "tooLong";

/** The blocker form's rule: 1–200 characters once trimmed. */
export function titleProblem(title: string): TitleProblem | null {
  const trimmed = title.trim();
  if (trimmed.length === 0) return "required";
  if (trimmed.length > DEMO_TITLE_MAX) return "tooLong";
  return null;
}

const { seed } = strings;
const person = (id: keyof typeof seed.people): DemoPerson => ({ id, ...seed.people[id] });

export const initialDemoState: DemoState = {
  you: { id: "you", ...seed.you },
  teammates: [person("priya"), person("sam"), person("dana"), person("lee")],
  blockers: [
    {
      id: "b1",
      title: seed.blockers.onboardingCopy.title,
      side: "waitingOnMe",
      personId: "priya",
      age: seed.blockers.onboardingCopy.age,
      nudgeCount: 1,
      lastNudged: seed.blockers.onboardingCopy.lastNudged,
      nudgedInDemo: false,
    },
    {
      id: "b2",
      title: seed.blockers.releaseChecklist.title,
      side: "waitingOnMe",
      personId: "lee",
      age: seed.blockers.releaseChecklist.age,
      nudgeCount: 0,
      lastNudged: null,
      nudgedInDemo: false,
    },
    {
      id: "b3",
      title: seed.blockers.paymentsSpec.title,
      side: "imWaitingOn",
      personId: "sam",
      age: seed.blockers.paymentsSpec.age,
      nudgeCount: 2,
      lastNudged: seed.blockers.paymentsSpec.lastNudged,
      nudgedInDemo: false,
    },
    {
      id: "b4",
      title: seed.blockers.pilotContract.title,
      side: "imWaitingOn",
      personId: "dana",
      age: seed.blockers.pilotContract.age,
      nudgeCount: 0,
      lastNudged: null,
      nudgedInDemo: false,
    },
  ],
  resolved: [],
  nextId: 5,
  notice: null,
};

/** Anything the reducer cannot do (an empty title, an unknown id, nudging yourself) leaves the state as it was. */
export function demoReducer(state: DemoState, action: DemoAction): DemoState {
  switch (action.type) {
    case "addBlocker": {
      const title = action.title.trim();
      if (titleProblem(title) !== null || !state.teammates.some((teammate) => teammate.id === action.blockingPersonId)) return state;
      const blocker: DemoBlocker = {
        id: `b${state.nextId}`,
        title,
        side: "imWaitingOn",
        personId: action.blockingPersonId,
        age: action.nowLabel,
        nudgeCount: 0,
        lastNudged: null,
        nudgedInDemo: false,
      };
      return {
        ...state,
        blockers: [blocker, ...state.blockers],
        nextId: state.nextId + 1,
        notice: { kind: "added", blockerId: blocker.id, title, personId: blocker.personId },
      };
    }
    case "nudge": {
      const blocker = state.blockers.find((candidate) => candidate.id === action.blockerId);
      // Only the people you wait on can be nudged; "Waiting on me" items are nudges you receive.
      if (!blocker || blocker.side !== "imWaitingOn") return state;
      if (blocker.nudgedInDemo) return { ...state, notice: { kind: "nudgeRefused", blockerId: blocker.id, personId: blocker.personId } };
      const nudged: DemoBlocker = { ...blocker, nudgeCount: blocker.nudgeCount + 1, lastNudged: action.nowLabel, nudgedInDemo: true };
      return {
        ...state,
        blockers: state.blockers.map((candidate) => (candidate.id === blocker.id ? nudged : candidate)),
        notice: { kind: "nudged", blockerId: blocker.id, personId: blocker.personId },
      };
    }
    case "markDone": {
      const blocker = state.blockers.find((candidate) => candidate.id === action.blockerId);
      // You can only finish your own part: what you wait on is someone else's to mark done.
      if (!blocker || blocker.side !== "waitingOnMe") return state;
      return {
        ...state,
        blockers: state.blockers.filter((candidate) => candidate.id !== blocker.id),
        resolved: [{ id: blocker.id, title: blocker.title, personId: blocker.personId }, ...state.resolved],
        notice: { kind: "done", title: blocker.title, personId: blocker.personId },
      };
    }
    case "reset":
      return { ...initialDemoState, notice: { kind: "reset" } };
  }
}

export const waitingOnMe = (state: DemoState) => state.blockers.filter((blocker) => blocker.side === "waitingOnMe");
export const imWaitingOn = (state: DemoState) => state.blockers.filter((blocker) => blocker.side === "imWaitingOn");

/** Made-up people only: an id the demo does not know is a bug, so it fails loudly in tests. */
export function teammateOf(state: DemoState, personId: string): DemoPerson {
  const found = state.teammates.find((teammate) => teammate.id === personId);
  if (!found) throw new Error(`Unknown demo teammate: ${personId}`);
  return found;
}
