import { Hono } from "hono";
import { requireSession } from "../../auth/require-session.ts";
import type { AppDependencies, AppEnv } from "../../http/app-env.ts";
import { requireMember } from "../../http/require-member.ts";
import { countWaiting } from "./count-waiting.ts";

export function counterRoutes({ db, logger, readSession, answers }: AppDependencies) {
  return new Hono<AppEnv>().use(requireSession(readSession), requireMember({ db, answers })).get("/", async (c) => {
    try {
      return c.json(await countWaiting(db, c.get("member")), 200);
    } catch (error) {
      logger.error("Reading the waiting counters failed", error); // §8: logged and rethrown
      throw error;
    }
  });
}
