// The onboarding steps: name → team (create one, or accept a waiting invitation: /api/invitations) → invite
// teammates → done.
import { Hono } from "hono";
import { z } from "zod";
import { fullNameSchema, teamNameSchema, timezoneSchema } from "../../../common/profile.ts";
import { requireSession } from "../../auth/require-session.ts";
import type { AppDependencies, AppEnv } from "../../http/app-env.ts";
import { validate } from "../../http/validate.ts";
import { findProfile, requireProfile } from "../profile/find-profile.ts";
import { updateProfile } from "../profile/update-profile.ts";
import { findFirstTeam } from "../team/find-team.ts";
import { completeOnboarding } from "./complete-onboarding.ts";
import { createTeam } from "./create-team.ts";
import { Refusal } from "../../http/refusal.ts";
import { invitationListQuery } from "../invitations/routes.ts";
import { isEmailVerified, listInvitationsFor } from "../invitations/list-invitations.ts";

const aboutYouBody = z.object({ fullName: fullNameSchema, timezone: timezoneSchema });
const teamBody = z.object({ name: teamNameSchema });

export function onboardingRoutes({ auth, clock, db, events, readSession }: AppDependencies) {
  return new Hono<AppEnv>()
    .use(requireSession(readSession))
    .get("/", validate("query", invitationListQuery), async (c) => {
      const user = c.get("user");
      const proof = { emailVerified: await isEmailVerified(db, user.id), token: c.req.valid("query").invite };
      const [profile, team, invitations] = await Promise.all([requireProfile(db, user.id), findFirstTeam(db, user.id), listInvitationsFor(db, user.email, proof, clock.now())]);
      return c.json({ profile, team: team ?? null, invitations }, 200);
    })
    .post("/profile", validate("json", aboutYouBody), async (c) => {
      return c.json(await updateProfile({ db, events }, c.get("user").id, c.req.valid("json"), clock.now()), 200);
    })
    .post("/team", validate("json", teamBody), async (c) => {
      const user = c.get("user");
      // Onboarding creates the first team (a second click must not make a second): more come from POST /api/teams.
      if (await findFirstTeam(db, user.id)) throw new Refusal(409, "already_in_team", "You already have a team: create more from the team switcher");
      await createTeam(auth, user.id, c.req.valid("json").name);
      return c.json(await findFirstTeam(db, user.id), 201);
    })
    .post("/complete", async (c) => {
      const user = c.get("user");
      const [profile, team] = await Promise.all([findProfile(db, user.id), findFirstTeam(db, user.id)]);
      if (!profile?.fullName) return c.json({ code: "name_required", message: "Tell us your name first" }, 409);
      if (!team) return c.json({ code: "team_required", message: "Create or join a team first" }, 409);
      await completeOnboarding(db, user.id, clock.now());
      return c.json(await findProfile(db, user.id), 200);
    });
}
