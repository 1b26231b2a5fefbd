// /api/reminders: the team's schedule of automatic reminders, and how its e-mails are delivered (the Reminders
// section of /organization/tools).
import { Hono } from "hono";
import { reminderScheduleSchema } from "../../../common/reminders.ts";
import { requireSession } from "../../auth/require-session.ts";
import type { AppDependencies, AppEnv } from "../../http/app-env.ts";
import { requireMember } from "../../http/require-member.ts";
import { validate } from "../../http/validate.ts";
import { teamDeliveryHealth } from "./delivery-health.ts";
import { changeTeamSchedule, readTeamSchedule } from "./team-schedule.ts";

export function reminderRoutes({ answers, clock, db, events, readSession }: AppDependencies) {
  return new Hono<AppEnv>()
    .use(requireSession(readSession), requireMember({ db, answers }))
    .get("/schedule", async (c) => c.json(await readTeamSchedule(db, c.get("member")), 200))
    .get("/deliveries", async (c) => c.json(await teamDeliveryHealth(db, c.get("member"), clock.now()), 200))
    .put("/schedule", validate("json", reminderScheduleSchema.strict()), async (c) => c.json(await changeTeamSchedule({ db, events }, c.get("member"), c.req.valid("json"), clock.now()), 200));
}
