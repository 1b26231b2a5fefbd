// A pull request merged, or an issue closed: every open blocker of the team linking to it has its blocking people's
// pending parts marked done by GitHub (the timeline says so: a `done` with no actor and `{ by: "github", … }`), and
// resolves as any blocker does once nobody is left pending. A pull request closed without merging changes nothing but
// the state shown. Each blocker is its own change (locked, as every change to a blocker is), so one that someone
// answers at the same moment ends in one state.
import { and, asc, eq } from "drizzle-orm";
import { blockers } from "../../db/schema.ts";
import { findTeamBlocker, loadPeople } from "../blockers/blocker-people.ts";
import type { ChangeDependencies } from "../blockers/change-blocker.ts";
import { markPartsDone } from "../blockers/respond-to-blocker.ts";
import type { GithubItem } from "./github-items.ts";
import { linksTo } from "./github-links.ts";

/** What the timeline's `done` says GitHub did. */
export type GithubDone = { by: "github"; event: "merged" | "closed"; kind: GithubItem["kind"]; repository: string; number: number; url: string };

/** Answers the ids of the blockers that resolved. */
export async function closeLinkedBlockers(deps: ChangeDependencies, teamId: string, item: GithubItem, now: Date): Promise<string[]> {
  const linked = await deps.db
    .select({ id: blockers.id })
    .from(blockers)
    .where(and(eq(blockers.organizationId, teamId), eq(blockers.status, "open"), linksTo(blockers.linkUrl, item)))
    .orderBy(asc(blockers.id));
  const payload: GithubDone = { by: "github", event: item.state === "merged" ? "merged" : "closed", kind: item.kind, repository: item.repository, number: item.number, url: item.url };
  const resolved: string[] = [];
  for (const { id } of linked) {
    const didResolve = await deps.events.changeData(deps.db, { teamIds: [teamId] }, async (tx) => {
      const blocker = await findTeamBlocker(tx, id, teamId, { lock: true });
      if (blocker.status !== "open") return false;
      const people = await loadPeople(tx, id);
      const pending = people.blocking.filter((entry) => entry.status === "pending").map((entry) => entry.profileId);
      return markPartsDone(deps, { tx, blocker, people, now }, { actorId: null, profileIds: pending, payload });
    });
    if (didResolve) resolved.push(id);
  }
  return resolved;
}
