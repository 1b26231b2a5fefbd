import type { Member } from "../../http/app-env.ts";
import { everyoneOn } from "./blocker-people.ts";
import { changeBlocker, requireInvolved, type ChangeDependencies } from "./change-blocker.ts";
import { recordChange } from "./record-change.ts";

/** Comments live on the timeline, as events with the text in their payload. */
export function commentOnBlocker(deps: ChangeDependencies, member: Member, blockerId: string, body: string, now: Date) {
  return changeBlocker(deps, member, blockerId, now, async (context) => {
    requireInvolved(context);
    const everyone = everyoneOn(context.blocker, context.people);
    await recordChange(context.tx, deps, { blockerId, actorId: member.profileId, type: "commented", payload: { body }, audience: everyone, notify: { type: "commented", profileIds: everyone }, at: now });
  });
}
