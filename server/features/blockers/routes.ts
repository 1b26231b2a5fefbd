import { Hono } from "hono";
import { z } from "zod";
import { blockerIdSchema, commentSchema, createBlockerSchema, declineSchema, editBlockerSchema, nudgeSchema, personChangeSchema, profileIdSchema, resolvedFiltersSchema, snoozeSchema, teamBoardQuerySchema } from "../../../common/blockers.ts";
import { requireSession } from "../../auth/require-session.ts";
import type { AppDependencies, AppEnv } from "../../http/app-env.ts";
import { requireMember } from "../../http/require-member.ts";
import { validate } from "../../http/validate.ts";
import { commentOnBlocker } from "./comment-on-blocker.ts";
import { addPerson, removePerson } from "./change-people.ts";
import { createBlocker } from "./create-blocker.ts";
import { editBlocker } from "./edit-blocker.ts";
import { endBlocker, reopenBlocker } from "./end-blocker.ts";
import { getBlocker } from "./get-blocker.ts";
import { listImWaitingOn, listWaitingOnMe } from "./list-dashboard.ts";
import { listResolved } from "./list-resolved.ts";
import { nudgeBlockingPerson } from "./nudge-blocking-person.ts";
import { teamBoard } from "./team-board.ts";
import { decline, markDone, snooze } from "./respond-to-blocker.ts";

const idParam = z.object({ id: blockerIdSchema });
const personParam = z.object({ id: blockerIdSchema, profileId: profileIdSchema });
const roleQuery = personChangeSchema.pick({ role: true });

export function blockerRoutes(deps: AppDependencies) {
  const { db, readSession, clock } = deps;
  const now = () => clock.now();
  const done = { ok: true } as const;
  return new Hono<AppEnv>()
    .use(requireSession(readSession), requireMember(db))
    .post("/", validate("json", createBlockerSchema), async (c) => {
      const blocker = await createBlocker(deps, c.get("member"), c.req.valid("json"), now());
      return c.json({ id: blocker.id }, 201);
    })
    .get("/waiting-on-me", async (c) => c.json(await listWaitingOnMe(db, c.get("member"), now()), 200))
    .get("/im-waiting-on", async (c) => c.json(await listImWaitingOn(db, c.get("member"), now()), 200))
    .get("/team", validate("query", teamBoardQuerySchema), async (c) => c.json(await teamBoard(db, c.get("member"), c.req.valid("query"), now()), 200))
    .get("/resolved", validate("query", resolvedFiltersSchema), async (c) => c.json(await listResolved(db, c.get("member"), c.req.valid("query"), now()), 200))
    .get("/:id", validate("param", idParam), async (c) => c.json(await getBlocker(db, c.get("member"), c.req.valid("param").id, now()), 200))
    .patch("/:id", validate("param", idParam), validate("json", editBlockerSchema), async (c) =>
      c.json(await editBlocker(deps, c.get("member"), c.req.valid("param").id, c.req.valid("json"), now()), 200),
    )
    .post("/:id/done", validate("param", idParam), async (c) => c.json(await markDone(deps, c.get("member"), c.req.valid("param").id, now()), 200))
    .post("/:id/decline", validate("param", idParam), validate("json", declineSchema), async (c) =>
      c.json(await decline(deps, c.get("member"), c.req.valid("param").id, c.req.valid("json"), now()), 200),
    )
    .post("/:id/snooze", validate("param", idParam), validate("json", snoozeSchema), async (c) =>
      c.json(await snooze(deps, c.get("member"), c.req.valid("param").id, new Date(c.req.valid("json").until), now()), 200),
    )
    .post("/:id/comments", validate("param", idParam), validate("json", commentSchema), async (c) => {
      await commentOnBlocker(deps, c.get("member"), c.req.valid("param").id, c.req.valid("json").body, now());
      return c.json(done, 201);
    })
    .post("/:id/nudge", validate("param", idParam), validate("json", nudgeSchema), async (c) => {
      const result = await nudgeBlockingPerson({ ...deps, appUrl: deps.config.appUrl }, c.get("member"), c.req.valid("param").id, c.req.valid("json").profileId, now());
      return c.json(result, 200);
    })
    .post("/:id/resolve", validate("param", idParam), async (c) => {
      await endBlocker(deps, c.get("member"), c.req.valid("param").id, "resolved", now());
      return c.json(done, 200);
    })
    .post("/:id/cancel", validate("param", idParam), async (c) => {
      await endBlocker(deps, c.get("member"), c.req.valid("param").id, "cancelled", now());
      return c.json(done, 200);
    })
    .post("/:id/reopen", validate("param", idParam), async (c) => {
      await reopenBlocker(deps, c.get("member"), c.req.valid("param").id, now());
      return c.json(done, 200);
    })
    .post("/:id/people", validate("param", idParam), validate("json", personChangeSchema), async (c) => {
      const { profileId, role } = c.req.valid("json");
      await addPerson(deps, c.get("member"), c.req.valid("param").id, profileId, role, now());
      return c.json(done, 201);
    })
    .delete("/:id/people/:profileId", validate("param", personParam), validate("query", roleQuery), async (c) => {
      const { id, profileId } = c.req.valid("param");
      await removePerson(deps, c.get("member"), id, profileId, c.req.valid("query").role, now());
      return c.json(done, 200);
    });
}
