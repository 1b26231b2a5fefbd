import { Hono } from "hono";
import { z } from "zod";
import { requireSession } from "../../auth/require-session.ts";
import type { AppDependencies, AppEnv } from "../../http/app-env.ts";
import { requireMember } from "../../http/require-member.ts";
import { validate } from "../../http/validate.ts";
import { countUnread, listNotifications } from "./list-notifications.ts";
import { markAllRead, markRead } from "./mark-read.ts";

const idParam = z.object({ id: z.uuid("Not a valid notification") });
const readAllQuery = z.object({ blockerId: z.uuid("Not a valid blocker").optional() });

export function notificationRoutes({ db, readSession, events, clock, answers }: AppDependencies) {
  return new Hono<AppEnv>()
    .use(requireSession(readSession), requireMember({ db, answers }))
    .get("/", async (c) => c.json(await listNotifications(db, c.get("member")), 200))
    .get("/unread-count", async (c) => c.json({ unread: await countUnread(db, c.get("member")) }, 200))
    .post("/read-all", validate("query", readAllQuery), async (c) => {
      await markAllRead(db, events, c.get("member"), clock.now(), c.req.valid("query"));
      return c.json({ ok: true }, 200);
    })
    .post("/:id/read", validate("param", idParam), async (c) => {
      await markRead(db, events, c.get("member"), c.req.valid("param").id, clock.now());
      return c.json({ ok: true }, 200);
    });
}
