// /api/team/webhooks: the team's outgoing webhooks (decision 039) — listed for every member (the full address and the
// log for owners and admins only), added, changed, turned off and on, deleted, their secrets rotated, their
// deliveries logged and sent again, by owners and admins. Guarded here as the team's routes are (a session, then the
// membership of the team the request names), whatever the order the routers are mounted in.
import { Hono } from "hono";
import { z } from "zod";
import { newWebhookSchema, webhookChangesSchema, webhookDeliveryIdSchema, webhookIdSchema } from "../../../common/webhooks.ts";
import { requireSession } from "../../auth/require-session.ts";
import type { AppDependencies, AppEnv } from "../../http/app-env.ts";
import { requireMember } from "../../http/require-member.ts";
import { validate } from "../../http/validate.ts";
import { deliveryLogQuerySchema, listDeliveries, redeliver } from "./delivery-log.ts";
import { listWebhooks } from "./list-webhooks.ts";
import { changeWebhook, createWebhook, deleteWebhook, rotateWebhookSecret } from "./manage-webhooks.ts";

const endpointParam = z.object({ id: webhookIdSchema });
const deliveryParam = z.object({ id: webhookIdSchema, deliveryId: webhookDeliveryIdSchema });

export function webhookRoutes({ answers, clock, config, db, jobs, readSession, secret }: AppDependencies) {
  const deps = { db, config, secret };
  return new Hono<AppEnv>()
    .use(requireSession(readSession), requireMember({ db, answers }))
    .get("/", async (c) => c.json(await listWebhooks(deps, c.get("member")), 200))
    .post("/", validate("json", newWebhookSchema), async (c) => c.json(await createWebhook(deps, c.get("member"), c.req.valid("json"), clock.now()), 201))
    .patch("/:id", validate("param", endpointParam), validate("json", webhookChangesSchema), async (c) => c.json(await changeWebhook(deps, c.get("member"), c.req.valid("param").id, c.req.valid("json"), clock.now()), 200))
    .delete("/:id", validate("param", endpointParam), async (c) => c.json(await deleteWebhook(deps, c.get("member"), c.req.valid("param").id), 200))
    .post("/:id/rotate-secret", validate("param", endpointParam), async (c) => c.json(await rotateWebhookSecret(deps, c.get("member"), c.req.valid("param").id, clock.now()), 200))
    .get("/:id/deliveries", validate("param", endpointParam), validate("query", deliveryLogQuerySchema), async (c) => c.json(await listDeliveries(db, c.get("member"), c.req.valid("param").id, c.req.valid("query")), 200))
    .post("/:id/deliveries/:deliveryId/redeliver", validate("param", deliveryParam), async (c) => {
      const { id, deliveryId } = c.req.valid("param");
      return c.json(await redeliver({ db, jobs }, c.get("member"), id, deliveryId, clock.now()), 202);
    });
}
