// When what a cached answer was read from last changed. A change to a team's blockers or people, or to one person's
// membership or profile, is marked here; an answer read before that mark is not served again (server/http/answer-cache.ts).
// Marks come from the event hub: at once on the instance that made the change (as its transaction commits), and on
// every other instance when PostgreSQL delivers the change's notification (decision 028).

/** What a change made stale: everything read of these teams, and of these people's membership and profile. */
export type Staleness = { teamIds?: readonly string[]; userIds?: readonly string[] };

/** What a cached answer depends on. */
export type Dependencies = { teamId?: string; userId?: string };

export type ChangeVersions = {
  /** A stamp to take before reading: an answer read after it is fresh while `isFresh(stamp, …)` says so. */
  stamp: () => number;
  /** Nothing the answer depends on changed since the stamp, and no change can have been missed since. */
  isFresh: (stamp: number, depends: Dependencies) => boolean;
  mark: (stale: Staleness) => void;
  /** Changes may be missed from now on (the database connection that hears them is lost): nothing is fresh. */
  markUnknown: () => void;
  /** Changes are heard again: answers read from now on can be fresh. */
  markKnown: () => void;
};

export function createChangeVersions(): ChangeVersions {
  // One counter for every mark; each team and person keeps the counter's value at their last change. An answer
  // stamped with the counter before it was read is fresh while nothing it depends on was marked after that.
  let counter = 0;
  let everythingChangedAt = 0;
  let known = true;
  const teams = new Map<string, number>();
  const users = new Map<string, number>();
  const changedAt = (map: Map<string, number>, id: string | undefined) => (id === undefined ? 0 : (map.get(id) ?? 0));
  return {
    stamp: () => counter,
    isFresh: (stamp, depends) => known && everythingChangedAt <= stamp && changedAt(teams, depends.teamId) <= stamp && changedAt(users, depends.userId) <= stamp,
    mark: (stale) => {
      counter += 1;
      for (const teamId of stale.teamIds ?? []) teams.set(teamId, counter);
      for (const userId of stale.userIds ?? []) users.set(userId, counter);
    },
    markUnknown: () => {
      known = false;
      counter += 1;
      everythingChangedAt = counter;
      // Everything is stale now: the per-team and per-person marks say nothing more.
      teams.clear();
      users.clear();
    },
    markKnown: () => {
      counter += 1;
      everythingChangedAt = counter;
      known = true;
    },
  };
}
