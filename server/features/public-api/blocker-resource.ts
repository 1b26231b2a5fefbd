// Blockers as the public API shows them (common/public-api.ts): read from the same cards as the web app's lists
// (one statement, blocker-cards.ts), with the details a card leaves out. Also the payload of outgoing webhooks.
import { and, eq, inArray } from "drizzle-orm";
import { paths } from "../../../common/paths.ts";
import type { BlockerResource, PersonResource } from "../../../common/public-api.ts";
import type { Database } from "../../db/client.ts";
import { blockers } from "../../db/schema.ts";
import { Refusal } from "../../http/refusal.ts";
import type { Executor } from "../blockers/blocker-people.ts";
import { rawBlockerCards } from "../blockers/blocker-cards.ts";
import { personOf, type PersonSummary } from "../blockers/people-summaries.ts";

const iso = (stamp: string | null) => (stamp === null ? null : new Date(stamp).toISOString());

export const personResource = (person: PersonSummary): PersonResource => ({ id: person.id, name: person.fullName, email: person.email, formerMember: person.formerMember });

/**
 * These blockers of the team, by id (ids of other teams are not in the map). Works inside a transaction too (a
 * webhook's payload is the state its change left), where the cards' statement runs unprepared.
 */
export async function readBlockerResources(executor: Executor, teamId: string, blockerIds: string[], appUrl: string): Promise<Map<string, BlockerResource>> {
  const ids = [...new Set(blockerIds)];
  if (ids.length === 0) return new Map();
  const [{ cards, people }, details] = await Promise.all([
    rawBlockerCards(executor as Database, teamId, ids),
    executor
      .select({ id: blockers.id, description: blockers.description, linkUrl: blockers.linkUrl, source: blockers.source })
      .from(blockers)
      .where(and(inArray(blockers.id, ids), eq(blockers.organizationId, teamId))),
  ]);
  const known = new Map(Object.entries(people));
  const more = new Map(details.map((row) => [row.id, row]));
  const person = (id: string) => personResource(personOf(known, id));
  return new Map(
    cards.map((card) => {
      const detail = more.get(card.id);
      const resource: BlockerResource = {
        id: card.id,
        title: card.title,
        description: detail?.description ?? null,
        linkUrl: detail?.linkUrl ?? null,
        priority: card.priority,
        status: card.status,
        source: (detail?.source ?? "web") as BlockerResource["source"],
        dueAt: iso(card.dueAt),
        createdAt: new Date(card.createdAt).toISOString(),
        resolvedAt: iso(card.resolvedAt),
        url: new URL(paths.blocker(card.id), appUrl).toString(),
        creator: person(card.createdBy),
        waiting: card.waiting.map(person),
        blocking: card.blocking.map((part) => ({
          person: person(part.profileId),
          status: part.status,
          snoozedUntil: iso(part.snoozedUntil),
          lastNudgedAt: iso(part.lastNudgedAt),
          declineReason: part.status === "declined" ? part.declineReason : null,
        })),
        invited: card.invited,
      };
      return [card.id, resource];
    }),
  );
}

/** One blocker of the team; another team's, or none, is a 404 (whether it exists elsewhere is not told). */
export async function readBlockerResource(executor: Executor, teamId: string, blockerId: string, appUrl: string): Promise<BlockerResource> {
  const found = (await readBlockerResources(executor, teamId, [blockerId], appUrl)).get(blockerId);
  if (!found) throw new Refusal(404, "blocker_not_found", "This blocker does not exist");
  return found;
}
