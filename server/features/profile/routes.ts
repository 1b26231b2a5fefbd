import { and, eq, exists, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { Hono } from "hono";
import { z } from "zod";
import { notificationPreferencesSchema } from "../../../common/notification-preferences.ts";
import { dashboardOrders } from "../../../common/blocker-values.ts";
import { awayUntilSchema, fullNameSchema, timezoneSchema, workingHoursSchema } from "../../../common/profile.ts";
import { githubLoginSchema } from "../../../common/github.ts";
import { attemptLimits } from "../../auth/attempt-limits.ts";
import { requireSession } from "../../auth/require-session.ts";
import { member, profiles } from "../../db/schema.ts";
import type { AppDependencies, AppEnv } from "../../http/app-env.ts";
import { Refusal } from "../../http/refusal.ts";
import { validate } from "../../http/validate.ts";
import { AVATAR_NAME_PATTERN, AVATAR_URL_PREFIX } from "../../storage/avatar-store.ts";
import { requireProfile } from "./find-profile.ts";
import { setAvatar } from "./set-avatar.ts";
import { profileAnswer, updateProfile } from "./update-profile.ts";

/** The address of a picture's upload: its body is the image file itself (same-origin.ts, oversized-body.ts). */
export const AVATAR_UPLOAD_PATH = "/api/profile/avatar";

// An empty change is refused rather than done: it is what a body sent without a JSON content type looks like
// to the validator (nothing is read), and there would be nothing to write.
const profileChanges = z
  .object({
    fullName: fullNameSchema.optional(),
    timezone: timezoneSchema.optional(),
    workingHours: workingHoursSchema.optional(),
    awayUntil: awayUntilSchema.optional(),
    notificationPreferences: notificationPreferencesSchema.optional(),
    /** Who they are on GitHub, for `/holdup` comments there (decision 041); null unlinks it. */
    githubLogin: githubLoginSchema.nullable().optional(),
    /** How their dashboard's columns are ordered, on every device (decision 049). */
    dashboardOrder: z.enum(dashboardOrders).optional(),
  })
  .strict()
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), "Send fullName, timezone, workingHours, awayUntil, notificationPreferences, githubLogin or dashboardOrder, as JSON");

export function profileRoutes(deps: AppDependencies) {
  const { db, events, readSession, avatars } = deps;
  const { avatar: avatarLimit } = attemptLimits(deps);
  return new Hono<AppEnv>()
    .use(requireSession(readSession))
    .get("/", async (c) => c.json(profileAnswer(await requireProfile(db, c.get("user").id)), 200))
    .patch("/", validate("json", profileChanges), async (c) => c.json(await updateProfile({ db, events }, c.get("user").id, c.req.valid("json"), deps.clock.now()), 200))
    .put("/avatar", avatarLimit, async (c) => {
      const upload = Buffer.from(await c.req.arrayBuffer());
      if (upload.length === 0) throw new Refusal(400, "validation_failed", "Choose a picture to upload", { fields: { _: ["The body is the picture: a PNG, JPEG or WebP file"] } });
      return c.json(await setAvatar({ db, events, avatars }, c.get("user").id, upload), 200);
    })
    .delete("/avatar", async (c) => c.json(await setAvatar({ db, events, avatars }, c.get("user").id, null), 200));
}

const otherMember = alias(member, "other_member");

/**
 * GET /api/avatars/:name: a picture, to whoever shares a team with its person (or is that person). Names are random
 * and never reused, so browsers keep a picture for good; a new picture is a new name.
 */
export function avatarRoutes({ db, readSession, avatars }: AppDependencies) {
  return new Hono<AppEnv>().use(requireSession(readSession)).get("/:name", async (c) => {
    const name = c.req.param("name");
    const viewer = c.get("user").id;
    const notFound = () => c.json({ code: "avatar_not_found", message: "No such picture" }, 404);
    if (!AVATAR_NAME_PATTERN.test(name)) return notFound();
    const sharesATeam = exists(
      db
        .select({ one: sql`1` })
        .from(member)
        .innerJoin(otherMember, eq(otherMember.organizationId, member.organizationId))
        .where(and(eq(member.userId, profiles.authId), eq(otherMember.userId, viewer))),
    );
    const [visible] = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.avatarUrl, `${AVATAR_URL_PREFIX}${name}`), or(eq(profiles.authId, viewer), sharesATeam)))
      .limit(1);
    const picture = visible ? await avatars.read(name) : undefined;
    if (!picture) return notFound();
    return c.body(new Uint8Array(picture), 200, { "content-type": "image/webp", "cache-control": "private, max-age=31536000, immutable", "x-content-type-options": "nosniff" });
  });
}
