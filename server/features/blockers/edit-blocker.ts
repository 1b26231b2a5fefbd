// Changing what a blocker says (title, description, link, priority, due date), in place on its page. Its creator
// and the team's admins may, in any state: a typo in a resolved blocker is still worth fixing. A save that changes
// something is one `edited` event listing each change with its old and new value, so nothing written is lost.
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { editableBlockerFields, type EditableBlockerField, type editBlockerSchema } from "../../../common/blockers.ts";
import { blockers } from "../../db/schema.ts";
import type { Member } from "../../http/app-env.ts";
import { fieldRefusal } from "../../http/refusal.ts";
import { everyoneOn, type Blocker } from "./blocker-people.ts";
import { changeBlocker, notAllowed, type ChangeDependencies } from "./change-blocker.ts";
import { recordChange } from "./record-change.ts";

type Edit = z.output<typeof editBlockerSchema>;
type Details = Pick<Blocker, EditableBlockerField>;
/** A change as the timeline keeps it: texts, and dates as ISO strings. */
export type DetailChange = { from: string | null; to: string | null };

const asText = (value: Details[EditableBlockerField]) => (value instanceof Date ? value.toISOString() : value);

/** The edit applied to the blocker's details: `undefined` keeps a field, null or an empty text clears it. */
function editedDetails(blocker: Blocker, edit: Edit): Details {
  return {
    title: edit.title ?? blocker.title,
    description: edit.description === undefined ? blocker.description : edit.description || null,
    linkUrl: edit.linkUrl === undefined ? blocker.linkUrl : edit.linkUrl || null,
    priority: edit.priority ?? blocker.priority,
    dueAt: edit.dueAt === undefined ? blocker.dueAt : edit.dueAt === null ? null : new Date(edit.dueAt),
  };
}

export function editBlocker(deps: ChangeDependencies, member: Member, blockerId: string, edit: Edit, now: Date) {
  return changeBlocker(deps, member, blockerId, now, async ({ tx, blocker, people, involvement }) => {
    if (!involvement.isCreator && !involvement.isAdmin) throw notAllowed("Only the person who logged this blocker, or a team admin, can edit it");
    const next = editedDetails(blocker, edit);
    const changes: Partial<Record<EditableBlockerField, DetailChange>> = {};
    for (const field of editableBlockerFields) {
      const from = asText(blocker[field]);
      const to = asText(next[field]);
      if (from !== to) changes[field] = { from, to };
    }
    // A due date already past may stay as it is; a new one must be ahead.
    if (changes.dueAt && next.dueAt && next.dueAt < now) throw fieldRefusal("dueAt", "The due date is in the past");
    if (Object.keys(changes).length === 0) return { changed: [] as EditableBlockerField[] };

    await tx.update(blockers).set(next).where(eq(blockers.id, blocker.id));
    await recordChange(tx, deps, { blockerId, actorId: member.profileId, type: "edited", payload: { changes }, audience: everyoneOn(blocker, people), at: now });
    return { changed: Object.keys(changes) as EditableBlockerField[] };
  });
}
