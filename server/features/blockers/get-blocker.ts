// Everything about one blocker: the card (with what the viewer may do), the description and link (with the state of
// the pull request or issue it names, when the team's GitHub connection told of it), and the timeline.
import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { blockerEvents } from "../../db/schema.ts";
import type { Member } from "../../http/app-env.ts";
import { githubStateOfLink } from "../github/github-items.ts";
import { findTeamBlocker } from "./blocker-people.ts";
import { blockerCards } from "./blocker-cards.ts";
import { peopleSummaries, personOf } from "./people-summaries.ts";

export async function getBlocker(db: Database, member: Member, blockerId: string, now: Date) {
  const blocker = await findTeamBlocker(db, blockerId, member.teamId);
  const [events, [card], github] = await Promise.all([
    db.select().from(blockerEvents).where(eq(blockerEvents.blockerId, blockerId)).orderBy(asc(blockerEvents.sequence)),
    blockerCards(db, member, [blocker.id], now),
    githubStateOfLink(db, member.teamId, blocker.linkUrl),
  ]);
  const mentioned = events.flatMap((event) => [event.actorId, typeof event.payload.profileId === "string" ? event.payload.profileId : null, typeof event.payload.suggestedProfileId === "string" ? event.payload.suggestedProfileId : null]);
  const names = await peopleSummaries(db, mentioned.filter((id): id is string => id !== null), member.teamId);
  return {
    ...(card as NonNullable<typeof card>),
    description: blocker.description,
    linkUrl: blocker.linkUrl,
    github,
    resolvedBy: blocker.resolvedBy,
    timeline: events.map((event) => ({
      id: event.id,
      type: event.type,
      actor: event.actorId ? personOf(names, event.actorId) : null,
      payload: event.payload,
      subject: typeof event.payload.profileId === "string" ? personOf(names, event.payload.profileId) : null,
      suggested: typeof event.payload.suggestedProfileId === "string" ? personOf(names, event.payload.suggestedProfileId) : null,
      createdAt: event.createdAt,
    })),
  };
}
