// /api/api-keys: the signed-in person's API keys in the team the tab is on (decision 040).
import { Hono } from "hono";
import { z } from "zod";
import { createApiKeySchema } from "../../../common/api-keys.ts";
import { recordIdSchema } from "../../../common/profile.ts";
import { requireSession } from "../../auth/require-session.ts";
import type { AppDependencies, AppEnv } from "../../http/app-env.ts";
import { requireMember } from "../../http/require-member.ts";
import { validate } from "../../http/validate.ts";
import { createApiKey, listApiKeys, revokeApiKey } from "./manage-api-keys.ts";

const keyParam = z.object({ id: recordIdSchema });

export function apiKeyRoutes(deps: AppDependencies) {
  const { db, readSession, answers, clock } = deps;
  return new Hono<AppEnv>()
    .use(requireSession(readSession), requireMember({ db, answers }))
    .get("/", async (c) => c.json({ keys: await listApiKeys(db, c.get("member"), c.get("user").id) }, 200))
    .post("/", validate("json", createApiKeySchema), async (c) => c.json(await createApiKey(deps, c.get("member"), c.get("user").id, c.req.valid("json"), clock.now()), 201))
    .delete("/:id", validate("param", keyParam), async (c) => {
      await revokeApiKey(deps, c.get("member"), c.get("user").id, c.req.valid("param").id);
      return c.json({ ok: true } as const, 200);
    });
}
