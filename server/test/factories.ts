// Data factories shared by the integration and e2e tests: people who signed up, teams that were set up.
import { expect } from "vitest";
import type { AnyClientResponse, SuccessBody } from "../../common/api-response.ts";
import type { BrowserLikeClient } from "./browser-like-client.ts";
import type { TestServer } from "./test-server.ts";
import { linkIn, type MailCatcher } from "./mail-catcher.ts";
import { makeEmail, STRONG_PASSWORD } from "./people.ts";
import { member, profiles, user } from "../db/schema.ts";

export { makeEmail, STRONG_PASSWORD } from "./people.ts";

/** Signs up and, when the server asks for it, opens the confirmation link from the e-mail. Leaves the client signed in. */
export async function signUp(client: BrowserLikeClient, options: { email?: string; password?: string; mail?: MailCatcher } = {}) {
  const email = options.email ?? makeEmail();
  const password = options.password ?? STRONG_PASSWORD;
  const response = await client.post("/api/auth/sign-up/email", { email, password, name: "", callbackURL: "/auth/callback" });
  expect(response.status, response.text).toBe(200);
  if (options.mail) {
    const confirmation = await options.mail.waitFor(email, (mail) => mail.subject.includes("Confirm"));
    const opened = await client.request(new URL(linkIn(confirmation)).pathname + new URL(linkIn(confirmation)).search);
    expect(opened.status, opened.text).toBe(302);
  }
  return { email, password };
}

/** Asserts a typed-client call succeeded and returns its body, typed. */
export async function okJson<R extends AnyClientResponse>(request: Promise<R>): Promise<SuccessBody<R>> {
  const response = await request;
  expect(response.ok, `${response.status} ${response.url}`).toBe(true);
  return (await response.json()) as SuccessBody<R>;
}

/** Goes through onboarding: name, a new team, no invitations, done. */
export async function onboard(client: BrowserLikeClient, options: { fullName?: string; teamName?: string } = {}) {
  const named = await client.api.onboarding.profile.$post({ json: { fullName: options.fullName ?? "Alex Example", timezone: "Europe/Paris" } });
  expect(named.status).toBe(200);
  const team = await client.api.onboarding.team.$post({ json: { name: options.teamName ?? "Payments" } });
  expect(team.status).toBe(201);
  return okJson(client.api.onboarding.complete.$post());
}

export type Teammate = { name: string; email: string; profileId: string; client: BrowserLikeClient };

/**
 * A Monday, 10:00 in Paris (where the factories' people live), 09:00 UTC: every run of a test sees the same day,
 * the same working hours and the same week, whatever the hour the run starts at (a run at 23:30 once crossed
 * midnight in Paris between two steps of one test).
 */
export const A_MONDAY_MORNING = new Date("2026-11-23T09:00:00Z");

/**
 * A settable clock for anything time-based (nudge limits, daily limits, reminders). It starts at a fixed instant;
 * a test that needs the real time passes `new Date()` and says why.
 */
export function testClock(start = A_MONDAY_MORNING) {
  let now = start.getTime();
  return { now: () => new Date(now), advance: (ms: number) => void (now += ms) };
}

/**
 * A team: the first name creates it (and is its owner), the others are invited and join through onboarding.
 * Uses the server's mail catcher when the server requires e-mail confirmation.
 */
export async function makeTeam(server: TestServer, names: string[], teamName = "Platform"): Promise<Teammate[]> {
  const mail = server.config.requireEmailVerification ? server.mail : undefined;
  const [ownerName = "Owner", ...memberNames] = names;
  const ownerClient = server.client();
  const owner = await signUp(ownerClient, { email: makeEmail(ownerName.toLowerCase()), mail });
  const ownerProfile = await onboard(ownerClient, { fullName: ownerName, teamName });
  const team: Teammate[] = [{ name: ownerName, email: owner.email, profileId: ownerProfile?.id ?? "", client: ownerClient }];
  for (const name of memberNames) {
    const email = makeEmail(name.toLowerCase());
    const token = await invite(server, ownerClient, email);
    const client = server.client();
    await signUp(client, { email, mail });
    await okJson(client.api.onboarding.profile.$post({ json: { fullName: name, timezone: "Europe/Paris" } }));
    await acceptInvitation(client, token);
    const profile = await okJson(client.api.onboarding.complete.$post());
    team.push({ name, email, profileId: profile?.id ?? "", client });
  }
  return team;
}

/** The token an invitation's link carries (its `invite` parameter): what proves the invitation was received. */
export const invitationTokenIn = (link: string) => new URL(link).searchParams.get("invite") ?? "";

/**
 * Invites `email` to the inviter's team; returns the token of the invitation's link as the invitee gets it: from
 * the e-mail when the server sends mail, else from the link the inviter is given to pass on.
 */
export async function invite(server: TestServer, inviter: BrowserLikeClient, email: string): Promise<string> {
  const mailsBefore = server.mail.mails.length;
  const { outcomes } = await okJson(inviter.api.team.invitations.$post({ json: { emails: [email] } }));
  const [outcome] = outcomes;
  if (!outcome?.invited) throw new Error(`${email} was not invited: ${JSON.stringify(outcome)}`);
  if (!server.config.smtpUrl) return invitationTokenIn(outcome.link);
  const mail = await server.mail.waitFor(email, (arrived) => arrived.subject.includes("invited you") && server.mail.mails.indexOf(arrived) >= mailsBefore);
  return invitationTokenIn(linkIn(mail));
}

/** Accepts an invitation through onboarding, carrying its link's token as the web app does. */
async function acceptInvitation(client: BrowserLikeClient, token: string) {
  const { invitations } = await okJson(client.api.onboarding.$get({ query: { invite: token } }));
  expect(invitations.map((invitation) => invitation.id)).toContain(token);
  return okJson(client.api.invitations[":id"].accept.$post({ param: { id: token }, json: { token } }));
}

/** Someone in no team (they left one, say) is invited by `inviter` and joins that team. */
export async function joinTeam(server: TestServer, inviter: Teammate, person: Teammate) {
  return acceptInvitation(person.client, await invite(server, inviter.client, person.email));
}

/** Logs a blocker through the API, waiting on `blocking`; returns its id. */
export async function makeBlocker(author: Teammate, blocking: Teammate[], overrides: { title?: string; alsoBlocked?: Teammate[]; priority?: "low" | "normal" | "high" | "urgent" } = {}) {
  const created = await okJson(
    author.client.api.blockers.$post({
      json: {
        title: overrides.title ?? "API spec for payments",
        blockingProfileIds: blocking.map((person) => person.profileId),
        alsoBlockedProfileIds: (overrides.alsoBlocked ?? []).map((person) => person.profileId),
        priority: overrides.priority ?? "normal",
      },
    }),
  );
  return created.id;
}

/**
 * `count` people added to a team directly in the database ("Member 1", "Member 2"…, joined in that order), for
 * tests about a large team's lists: none of them signs in, so none needs a real sign-up.
 */
export async function addMembersDirectly(server: Pick<TestServer, "deps">, teamId: string, count: number) {
  const people = Array.from({ length: count }, (_, index) => ({ id: `seeded-${teamId.slice(0, 8)}-${index + 1}`, name: `Member ${index + 1}`, email: makeEmail(`member${index + 1}`) }));
  const joined = Date.now();
  await server.deps.db.insert(user).values(people.map(({ id, name, email }) => ({ id, name, email })));
  await server.deps.db.insert(profiles).values(people.map(({ id, name, email }) => ({ authId: id, fullName: name, email, onboardedAt: new Date(joined) })));
  await server.deps.db.insert(member).values(people.map(({ id }, index) => ({ id: `m-${id}`, organizationId: teamId, userId: id, role: "member", createdAt: new Date(joined + index) })));
  return people;
}
