import { Hono } from "hono";
import { requireSession } from "../../auth/require-session.ts";
import type { AppDependencies, AppEnv } from "../../http/app-env.ts";
import { findProfile } from "../profile/find-profile.ts";
import { countWaiting } from "./count-waiting.ts";

export function counterRoutes({ db, logger, readSession }: AppDependencies) {
  return new Hono<AppEnv>().use(requireSession(readSession)).get("/", async (c) => {
    const profile = await findProfile(db, c.get("user").id);
    if (!profile) return c.json({ code: "profile_not_found", message: "Profile not found" }, 404);
    try {
      return c.json(await countWaiting(db, profile.id), 200);
    } catch (error) {
      logger.error("Reading the waiting counters failed", error); // §8: logged and rethrown
      throw error;
    }
  });
}
