// Holdup's rules for team membership inside better-auth's organization plugin (docs/decisions/018-team-membership-rules.md).
// No better-auth endpoint may change membership in a way Holdup's own routes would refuse: teams created only by
// Holdup's routes, at most MAX_TEAMS_PER_PERSON per person (decision 029), invitations accepted only with proof,
// nobody changing their own role. Where a membership ends, Holdup's consequences follow
// (server/features/team/end-membership.ts).
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import type { OrganizationOptions } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client.ts";
import { member } from "../db/schema.ts";
import { MAX_TEAMS_PER_PERSON } from "../../common/teams.ts";
import { teamRoles } from "../../common/teams.ts";

/** What Holdup does once someone is no longer a member of a team (wired in server/start-server.ts). */
export type MembershipEndedHandler = (ended: { userId: string; teamId: string }) => Promise<void>;

/** Someone joined a team or their role in it changed: what is kept of them and of the team is stale (decision 028). */
export type MembershipChangedHandler = (changed: { userId: string; teamId: string }) => Promise<void>;

export type TeamMembershipDependencies = { db: Database; onMembershipEnded: MembershipEndedHandler; onMembershipChanged: MembershipChangedHandler };

type EndpointContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * A better-auth organization endpoint, as a browser may call it: `allow` as better-auth does it, `refuse` outright
 * with `message` (a Holdup route does it with Holdup's rules, or nothing needs it), or `restrict` (allowed once
 * `check` passes). `why` is for the reader, and for decision 018's table.
 */
export type EndpointRule =
  | { rule: "allow"; why: string }
  | { rule: "refuse"; why: string; message: string }
  | { rule: "restrict"; why: string; check: (ctx: EndpointContext) => Promise<void> };

const refusal = (code: string, message: string) => new APIError("FORBIDDEN", { code, message });

/**
 * better-auth takes an invitation's id as proof enough: but without SMTP anyone can sign up with any address, and
 * ids are listed to others (the inviting team's admins). From a browser, acting on an invitation by its id needs
 * a confirmed address; Holdup's onboarding routes take the link's token instead.
 */
async function requireConfirmedEmail(ctx: EndpointContext) {
  const session = await getSessionFromCtx(ctx);
  if (session && !session.user.emailVerified) {
    throw refusal("EMAIL_NOT_CONFIRMED", "Confirm your e-mail address first, or open the link in your invitation e-mail");
  }
}

const roleChange = z.object({ memberId: z.string(), role: z.enum(teamRoles, "Choose one role: owner, admin or member") });

/** A role is changed by someone else (an owner or admin, as better-auth checks): never by its holder. */
async function requireSomeoneElsesRole(ctx: EndpointContext) {
  const change = roleChange.safeParse(ctx.body);
  if (!change.success) throw new APIError("BAD_REQUEST", { code: "ROLE_NOT_ALLOWED", message: "Choose one role: owner, admin or member" });
  const session = await getSessionFromCtx(ctx);
  if (!session) return; // better-auth answers 401
  const target = await ctx.context.adapter.findOne<{ userId: string }>({ model: "member", where: [{ field: "id", value: change.data.memberId }] });
  if (target?.userId === session.user.id) throw refusal("OWN_ROLE", "You cannot change your own role: ask another owner or admin");
}

/** Every /organization/* endpoint better-auth serves (teams and dynamic roles are off), and what a browser may do with it. */
export const organizationEndpointRules: Record<string, EndpointRule> = {
  "/organization/create": {
    rule: "refuse",
    why: "A team is created by Holdup's routes (POST /api/onboarding/team, POST /api/teams), which bound how many. Also closed in the plugin: allowUserToCreateOrganization false.",
    message: "Create teams in Holdup: from onboarding, or from the team switcher",
  },
  "/organization/update": { rule: "allow", why: "Renames the team (owner or admin, as better-auth checks); membership does not change." },
  "/organization/delete": {
    rule: "refuse",
    why: "Holdup offers no way to delete a team: its blockers would go with it and its members' end of membership would not run. Also closed in the plugin: disableOrganizationDeletion.",
    message: "Deleting a team is not available",
  },
  "/organization/set-active": { rule: "allow", why: "Harmless: better-auth checks the membership, and Holdup never reads the session's active team: each request names its team (decision 029)." },
  "/organization/get-organization": { rule: "allow", why: "Reads the person's own team." },
  "/organization/get-full-organization": { rule: "allow", why: "Reads the person's own team; invitations only for owners and admins (better-auth)." },
  "/organization/list": { rule: "allow", why: "Reads the person's own teams." },
  "/organization/check-slug": { rule: "allow", why: "Reads whether a slug is taken; slugs end in a random suffix." },
  "/organization/has-permission": { rule: "allow", why: "Reads a permission of the person's own role." },
  "/organization/get-active-member": { rule: "allow", why: "Reads the person's own membership." },
  "/organization/get-active-member-role": { rule: "allow", why: "Reads a role within the person's own team." },
  "/organization/list-members": { rule: "allow", why: "Reads the person's own team." },
  "/organization/invite-member": {
    rule: "refuse",
    why: "Invitations go through POST /api/team/invitations, as members. better-auth's lets admins invite admins, and owners invite owners.",
    message: "Invite teammates from Holdup's invite page",
  },
  "/organization/cancel-invitation": { rule: "allow", why: "Revokes an invitation (owner or admin, as better-auth checks); membership does not change." },
  "/organization/list-invitations": { rule: "allow", why: "Owners and admins read their team's invitations (better-auth checks)." },
  "/organization/accept-invitation": {
    rule: "refuse",
    why: "Joining goes through POST /api/invitations/:id/accept, which asks for the proof (a confirmed e-mail or the link's token).",
    message: "Accept invitations in Holdup: on the Invitations page, or from the link in your invitation e-mail",
  },
  "/organization/get-invitation": { rule: "restrict", why: "A confirmed e-mail address: better-auth checks only that the address matches.", check: requireConfirmedEmail },
  "/organization/reject-invitation": { rule: "restrict", why: "A confirmed e-mail address: better-auth checks only that the address matches.", check: requireConfirmedEmail },
  "/organization/list-user-invitations": { rule: "restrict", why: "A confirmed e-mail address (better-auth asks for it too): the list holds the invitations' ids.", check: requireConfirmedEmail },
  "/organization/remove-member": { rule: "allow", why: "An owner or admin removes someone (better-auth checks; the last owner stays); the end of membership follows (afterRemoveMember)." },
  "/organization/leave": { rule: "allow", why: "Someone leaves (the last owner cannot, better-auth checks); the end of membership follows (an after-hook)." },
  "/organization/update-member-role": {
    rule: "restrict",
    why: "One of owner, admin, member (Holdup compares the role as written), and never one's own: no self-promotion, and an owner does not demote themselves. better-auth checks the rest (members change no roles, only owners grant owner).",
    check: requireSomeoneElsesRole,
  },
};

/** Whether the person is already in this team, and in how many teams (decision 029: several teams per person). */
async function membershipsOf(db: Database, userId: string, teamId: string) {
  const teams = await db.select({ teamId: member.organizationId }).from(member).where(eq(member.userId, userId));
  return { inThisTeam: teams.some((team) => team.teamId === teamId), count: teams.length };
}

const alreadyInThisTeam = () => new APIError("CONFLICT", { code: "ALREADY_IN_TEAM", message: "You are already a member of this team" });
const tooManyTeams = () => new APIError("CONFLICT", { code: "TOO_MANY_TEAMS", message: `You are in ${MAX_TEAMS_PER_PERSON} teams, the most one person can be in: leave one first` });

/** Someone may join this team: not in it already, and in fewer than MAX_TEAMS_PER_PERSON teams. */
async function requireRoomToJoin(db: Database, userId: string, teamId: string) {
  const memberships = await membershipsOf(db, userId, teamId);
  if (memberships.inThisTeam) throw alreadyInThisTeam();
  if (memberships.count >= MAX_TEAMS_PER_PERSON) throw tooManyTeams();
}

/**
 * The organization plugin's hooks. They hold for every caller, Holdup's own server code included: nobody joins a
 * team twice or more teams than the bound (creating one makes its creator a member through beforeAddMember), and
 * removing someone ends their membership as Holdup means it.
 */
export function teamMembershipHooks({ db, onMembershipEnded, onMembershipChanged }: TeamMembershipDependencies): NonNullable<OrganizationOptions["organizationHooks"]> {
  return {
    beforeAddMember: async ({ user, organization }) => requireRoomToJoin(db, user.id, organization.id),
    beforeAcceptInvitation: async ({ user, organization }) => requireRoomToJoin(db, user.id, organization.id),
    afterRemoveMember: async ({ member: removed }) => onMembershipEnded({ userId: removed.userId, teamId: removed.organizationId }),
    afterAddMember: async ({ member: added }) => onMembershipChanged({ userId: added.userId, teamId: added.organizationId }),
    afterAcceptInvitation: async ({ member: added }) => onMembershipChanged({ userId: added.userId, teamId: added.organizationId }),
    afterUpdateMemberRole: async ({ member: changed }) => onMembershipChanged({ userId: changed.userId, teamId: changed.organizationId }),
  };
}

/** What better-auth's /organization/leave answers when it succeeded: the membership that ended. */
const leftMembership = z.object({ userId: z.string(), organizationId: z.string() });

/**
 * A better-auth plugin: before an /organization/* endpoint runs for a browser (an HTTP request; Holdup's routes
 * call auth.api and are held by the hooks above instead), it applies the endpoint's rule; an endpoint missing from
 * the table (a better-auth upgrade) is refused until someone decides. After /organization/leave, for which the
 * organization plugin has no hook, Holdup's consequences of the membership's end follow.
 */
export function teamMembershipRules({ onMembershipEnded }: Pick<TeamMembershipDependencies, "onMembershipEnded">) {
  return {
    id: "holdup-team-membership-rules",
    hooks: {
      before: [
        {
          matcher: (context) => context.request !== undefined && context.path?.startsWith("/organization/") === true,
          handler: createAuthMiddleware(async (ctx) => {
            const endpoint = organizationEndpointRules[ctx.path];
            if (!endpoint) throw refusal("NOT_ALLOWED_IN_HOLDUP", "This team endpoint is not available in Holdup");
            if (endpoint.rule === "refuse") throw refusal("NOT_ALLOWED_IN_HOLDUP", endpoint.message);
            if (endpoint.rule === "restrict") await endpoint.check(ctx);
          }),
        },
      ],
      after: [
        {
          matcher: (context) => context.path === "/organization/leave",
          handler: createAuthMiddleware(async (ctx) => {
            const left = leftMembership.safeParse(ctx.context.returned);
            if (left.success) await onMembershipEnded({ userId: left.data.userId, teamId: left.data.organizationId });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
