import { Hono } from "hono";
import { z } from "zod";
import { fullNameSchema, timezoneSchema, workingHoursSchema } from "../../../common/profile.ts";
import { requireSession } from "../../auth/require-session.ts";
import type { AppDependencies, AppEnv } from "../../http/app-env.ts";
import { validate } from "../../http/validate.ts";
import { requireProfile } from "./find-profile.ts";
import { updateProfile } from "./update-profile.ts";

// An empty change is refused rather than done: it is what a body sent without a JSON content type looks like
// to the validator (nothing is read), and there would be nothing to write.
const profileChanges = z
  .object({ fullName: fullNameSchema.optional(), timezone: timezoneSchema.optional(), workingHours: workingHoursSchema.optional() })
  .strict()
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), "Send fullName, timezone or workingHours, as JSON");

export function profileRoutes({ db, events, readSession }: AppDependencies) {
  return new Hono<AppEnv>()
    .use(requireSession(readSession))
    .get("/", async (c) => c.json(await requireProfile(db, c.get("user").id), 200))
    .patch("/", validate("json", profileChanges), async (c) => c.json(await updateProfile({ db, events }, c.get("user").id, c.req.valid("json")), 200));
}
