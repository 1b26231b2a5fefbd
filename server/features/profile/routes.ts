import { Hono } from "hono";
import { z } from "zod";
import { fullNameSchema, timezoneSchema } from "../../../common/profile.ts";
import { requireSession } from "../../auth/require-session.ts";
import type { AppDependencies, AppEnv } from "../../http/app-env.ts";
import { validate } from "../../http/validate.ts";
import { findProfile } from "./find-profile.ts";
import { updateProfile } from "./update-profile.ts";

const profileChanges = z.object({ fullName: fullNameSchema.optional(), timezone: timezoneSchema.optional() }).strict();

export function profileRoutes({ db, readSession }: AppDependencies) {
  return new Hono<AppEnv>()
    .use(requireSession(readSession))
    .get("/", async (c) => {
      const profile = await findProfile(db, c.get("user").id);
      if (!profile) return c.json({ code: "profile_not_found", message: "Profile not found" }, 404);
      return c.json(profile, 200);
    })
    .patch("/", validate("json", profileChanges), async (c) => {
      const profile = await updateProfile(db, c.get("user").id, c.req.valid("json"));
      if (!profile) return c.json({ code: "profile_not_found", message: "Profile not found" }, 404);
      return c.json(profile, 200);
    });
}
