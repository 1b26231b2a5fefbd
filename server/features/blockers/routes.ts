import { snoozeRequestOf } from "../../../common/snooze.ts";
import { Hono } from "hono";
import { z } from "zod";
import { blockerIdSchema, commentSchema, createBlockerSchema, dashboardPageQuerySchema, declineSchema, editBlockerSchema, nudgeSchema, personChangeSchema, profileIdSchema, resolvedFiltersSchema, snoozeSchema, teamBoardQuerySchema, undoSchema } from "../../../common/blockers.ts";
import { requireSession } from "../../auth/require-session.ts";
import type { AppDependencies, AppEnv } from "../../http/app-env.ts";
import { requireMember } from "../../http/require-member.ts";
import { sendKeptJson } from "../../http/kept-json.ts";
import { validate } from "../../http/validate.ts";
import { clientKey } from "../../http/client-address.ts";
import { inviteTeammates } from "../team/invite-teammates.ts";
import { commentOnBlocker } from "./comment-on-blocker.ts";
import { addPerson, removePerson } from "./change-people.ts";
import { createBlocker } from "./create-blocker.ts";
import { editBlocker } from "./edit-blocker.ts";
import { endBlocker, reopenBlocker } from "./end-blocker.ts";
import { getBlocker } from "./get-blocker.ts";
import { listDashboardPage, readDashboardCursor } from "./list-dashboard.ts";
import { listResolved } from "./list-resolved.ts";
import { nudgeBlockingPerson } from "./nudge-blocking-person.ts";
import { teamBoard } from "./team-board.ts";
import { decline, markDone, snooze } from "./respond-to-blocker.ts";
import { undoChange } from "./undo-change.ts";

const idParam = z.object({ id: blockerIdSchema });
const personParam = z.object({ id: blockerIdSchema, profileId: profileIdSchema });
const roleQuery = personChangeSchema.pick({ role: true });

export function blockerRoutes(deps: AppDependencies) {
  const { db, readSession, clock } = deps;
  const now = () => clock.now();
  const done = { ok: true } as const;
  return new Hono<AppEnv>()
    .use(requireSession(readSession), requireMember(deps))
    .post("/", validate("json", createBlockerSchema), async (c) => {
      const { blocker, invited } = await createBlocker(deps, c.get("member"), c.req.valid("json"), now());
      // Invitations for the people named by e-mail, once the blocker exists: one that cannot go out (a limit on
      // e-mails, say) does not undo the blocker; the answer says how each went, with the link to pass on.
      const sender = { headers: c.req.raw.headers, clientKey: clientKey(deps.clientAddressOf(c), deps.secret) };
      const invitations = invited.length > 0 ? await inviteTeammates({ auth: deps.auth, db, appUrl: deps.config.appUrl, config: deps.config }, sender, c.get("member").teamId, invited, "member", now()) : [];
      return c.json({ id: blocker.id, invitations }, 201);
    })
    .get("/waiting-on-me", validate("query", dashboardPageQuerySchema), async (c) =>
      sendKeptJson(c, await listDashboardPage(deps, c.get("member"), "waitingOnMe", readDashboardCursor(c.req.valid("query").cursor, c.get("member").dashboardOrder), now())),
    )
    .get("/im-waiting-on", validate("query", dashboardPageQuerySchema), async (c) =>
      sendKeptJson(c, await listDashboardPage(deps, c.get("member"), "imWaitingOn", readDashboardCursor(c.req.valid("query").cursor, c.get("member").dashboardOrder), now())),
    )
    .get("/team", validate("query", teamBoardQuerySchema), async (c) => sendKeptJson(c, await teamBoard(deps, c.get("member"), c.req.valid("query"), now())))
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
      c.json(await snooze(deps, c.get("member"), c.req.valid("param").id, snoozeRequestOf(c.req.valid("json")), now()), 200),
    )
    .post("/:id/undo", validate("param", idParam), validate("json", undoSchema), async (c) =>
      c.json(await undoChange(deps, c.get("member"), c.req.valid("param").id, c.req.valid("json").change, now()), 200),
    )
    .post("/:id/comments", validate("param", idParam), validate("json", commentSchema), async (c) => {
      await commentOnBlocker(deps, c.get("member"), c.req.valid("param").id, c.req.valid("json").body, now());
      return c.json(done, 201);
    })
    .post("/:id/nudge", validate("param", idParam), validate("json", nudgeSchema), async (c) => {
      const result = await nudgeBlockingPerson(deps, c.get("member"), c.req.valid("param").id, c.req.valid("json").profileId, now());
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
