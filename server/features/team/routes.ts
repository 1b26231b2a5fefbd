import { Hono, type Context } from "hono";
import { z } from "zod";
import { emailSchema } from "../../../common/auth-rules.ts";
import { MAX_INVITES_AT_ONCE, recordIdSchema, teamNameSchema } from "../../../common/profile.ts";
import { MAX_TEAMS_PER_PERSON, teamRoles } from "../../../common/teams.ts";
import { tooManyMessage } from "../../auth/attempt-limits.ts";
import { requireSession } from "../../auth/require-session.ts";
import { clientKey } from "../../http/client-address.ts";
import type { AppDependencies, AppEnv } from "../../http/app-env.ts";
import { requireMember } from "../../http/require-member.ts";
import { validate } from "../../http/validate.ts";
import { createTeam } from "../onboarding/create-team.ts";
import { countTeamsOf, findTeam, listTeamsOf, tooManyTeams } from "./find-team.ts";
import { listMembers, membersQuerySchema } from "./list-members.ts";
import { changeRole, leaveTeam, removeMember, transferOwnership, type Actor } from "./manage-members.ts";
import { inviteTeammates, type Sender } from "./invite-teammates.ts";
import { teamIsFull } from "../billing/member-limit.ts";
import { invitableRoles, listTeamInvitations, resendInvitation, revokeInvitation } from "./team-invitations.ts";
import { Refusal } from "../../http/refusal.ts";

export const invitationsBody = z.object({
  emails: z.array(emailSchema).min(1, "Add at least one e-mail address").max(MAX_INVITES_AT_ONCE),
  role: z.enum(["member", "admin"], "Invite people as a member or an admin").default("member"),
});
const invitationParam = z.object({ id: recordIdSchema });

const memberParam = z.object({ memberId: recordIdSchema });
const roleBody = z.object({ role: z.enum(teamRoles, "Choose one role: owner, admin or member") });
const transferBody = z.object({ memberId: recordIdSchema });

/** The team the request acts in (server/http/chosen-team.ts): itself, its members, its invitations. */
export function teamRoutes({ answers, auth, config, db, readSession, clock, secret, clientAddressOf }: AppDependencies) {
  const actorOf = (c: Context<AppEnv>): Actor => ({ ...c.get("member"), userId: c.get("user").id, headers: c.req.raw.headers });
  const senderOf = (c: Context<AppEnv>): Sender => ({ headers: c.req.raw.headers, clientKey: clientKey(clientAddressOf(c), secret) });
  return new Hono<AppEnv>()
    .use(requireSession(readSession), requireMember({ db, answers }))
    .get("/members", validate("query", membersQuerySchema), async (c) => c.json(await listMembers(db, c.get("member"), c.req.valid("query"), clock.now()), 200))
    .patch("/members/:memberId", validate("param", memberParam), validate("json", roleBody), async (c) =>
      c.json(await changeRole({ auth, db }, actorOf(c), c.req.valid("param").memberId, c.req.valid("json").role), 200),
    )
    .delete("/members/:memberId", validate("param", memberParam), async (c) => {
      await removeMember({ auth, db }, actorOf(c), c.req.valid("param").memberId);
      return c.json({ removed: true }, 200);
    })
    .post("/leave", async (c) => {
      await leaveTeam({ auth, db }, actorOf(c));
      return c.json({ left: true }, 200);
    })
    .post("/transfer-ownership", validate("json", transferBody), async (c) => {
      await transferOwnership({ auth, db }, actorOf(c), c.req.valid("json").memberId);
      return c.json({ transferred: true }, 200);
    })
    .get("/", async (c) => {
      const team = await findTeam(db, c.get("user").id, c.get("member").teamId);
      if (!team) return c.json({ code: "team_not_found", message: "You are not in a team yet" }, 404);
      return c.json(team, 200);
    })
    .get("/invitations", async (c) => c.json(await listTeamInvitations(db, { ...c.get("member"), userId: c.get("user").id }, config.appUrl, clock.now()), 200))
    .post("/invitations", validate("json", invitationsBody), async (c) => {
      const team = c.get("member");
      const { emails, role } = c.req.valid("json");
      if (!invitableRoles(team.role).includes(role)) throw new Refusal(403, "role_not_allowed", "Only owners and admins invite admins");
      const outcomes = await inviteTeammates({ auth, db, appUrl: config.appUrl, config }, senderOf(c), team.teamId, emails, role, clock.now());
      // Every address refused for the Free plan's places: the request as a whole was one too many.
      if (outcomes.every((outcome) => !outcome.invited && outcome.upgradeUrl)) throw teamIsFull();
      // Every address refused for the limits: the request as a whole was too many.
      const waits = outcomes.map((outcome) => (outcome.invited ? 0 : (outcome.retryAfterSeconds ?? 0)));
      if (waits.every((wait) => wait > 0)) {
        const wait = Math.min(...waits);
        c.header("Retry-After", String(wait));
        return c.json({ code: "too_many_requests", message: tooManyMessage("email", wait), retryAfter: wait, outcomes }, 429);
      }
      return c.json({ outcomes }, 200);
    })
    .post("/invitations/:id/resend", validate("param", invitationParam), async (c) => {
      const viewer = { ...c.get("member"), userId: c.get("user").id };
      return c.json(await resendInvitation({ auth, db, appUrl: config.appUrl, config }, viewer, senderOf(c), c.req.valid("param").id, clock.now()), 200);
    })
    .delete("/invitations/:id", validate("param", invitationParam), async (c) => {
      await revokeInvitation({ auth, db }, actorOf(c), c.req.valid("param").id);
      return c.json({ revoked: true }, 200);
    });
}

const newTeamBody = z.object({ name: teamNameSchema });

/** The person's teams, for the team switcher, and a new team of theirs (beside onboarding's first). */
export function teamsRoutes({ auth, db, readSession }: AppDependencies) {
  return new Hono<AppEnv>()
    .use(requireSession(readSession))
    .get("/", async (c) => c.json(await listTeamsOf(db, c.get("user").id), 200))
    .post("/", validate("json", newTeamBody), async (c) => {
      const userId = c.get("user").id;
      if ((await countTeamsOf(db, userId)) >= MAX_TEAMS_PER_PERSON) throw tooManyTeams();
      const created = await createTeam(auth, userId, c.req.valid("json").name);
      return c.json(await findTeam(db, userId, created.id), 201);
    });
}
