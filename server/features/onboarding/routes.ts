// The onboarding steps: name → team (create one, or accept a waiting invitation) → invite teammates → done.
import { isAPIError } from "better-auth/api";
import { Hono } from "hono";
import { z } from "zod";
import { fullNameSchema, recordIdSchema, teamNameSchema, timezoneSchema } from "../../../common/profile.ts";
import { requireSession } from "../../auth/require-session.ts";
import type { AppDependencies, AppEnv } from "../../http/app-env.ts";
import { validate } from "../../http/validate.ts";
import { findProfile, requireProfile } from "../profile/find-profile.ts";
import { updateProfile } from "../profile/update-profile.ts";
import { findTeam } from "../team/find-team.ts";
import { completeOnboarding } from "./complete-onboarding.ts";
import { createTeam } from "./create-team.ts";
import { listInvitationsFor } from "./list-invitations.ts";

const aboutYouBody = z.object({ fullName: fullNameSchema, timezone: timezoneSchema });
const teamBody = z.object({ name: teamNameSchema });
const invitationParam = z.object({ id: recordIdSchema });

const alreadyInTeam = { code: "already_in_team", message: "You are already in a team" } as const;

export function onboardingRoutes({ auth, clock, db, readSession }: AppDependencies) {
  return new Hono<AppEnv>()
    .use(requireSession(readSession))
    .get("/", async (c) => {
      const user = c.get("user");
      const [profile, team, invitations] = await Promise.all([
        requireProfile(db, user.id),
        findTeam(db, user.id),
        listInvitationsFor(db, user.email, clock.now()),
      ]);
      return c.json({ profile, team: team ?? null, invitations }, 200);
    })
    .post("/profile", validate("json", aboutYouBody), async (c) => {
      return c.json(await updateProfile(db, c.get("user").id, c.req.valid("json")), 200);
    })
    .post("/team", validate("json", teamBody), async (c) => {
      const user = c.get("user");
      if (await findTeam(db, user.id)) return c.json(alreadyInTeam, 409);
      await createTeam(auth, c.req.raw.headers, c.req.valid("json").name);
      return c.json(await findTeam(db, user.id), 201);
    })
    .post("/invitations/:id/accept", validate("param", invitationParam), async (c) => {
      const user = c.get("user");
      if (await findTeam(db, user.id)) return c.json(alreadyInTeam, 409);
      try {
        await auth.api.acceptInvitation({ body: { invitationId: c.req.valid("param").id }, headers: c.req.raw.headers });
      } catch (error) {
        // better-auth answers 400/403 for an unknown, expired or someone else's invitation: all are "not found" to this person.
        if (isAPIError(error)) return c.json({ code: "invitation_not_found", message: "This invitation does not exist or has expired" }, 404);
        throw error;
      }
      return c.json(await findTeam(db, user.id), 200);
    })
    .post("/complete", async (c) => {
      const user = c.get("user");
      const [profile, team] = await Promise.all([findProfile(db, user.id), findTeam(db, user.id)]);
      if (!profile?.fullName) return c.json({ code: "name_required", message: "Tell us your name first" }, 409);
      if (!team) return c.json({ code: "team_required", message: "Create or join a team first" }, 409);
      await completeOnboarding(db, user.id, clock.now());
      return c.json(await findProfile(db, user.id), 200);
    });
}
