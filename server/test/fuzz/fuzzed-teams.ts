// The world the fuzz suite attacks: a team with blockers (the signed-in member's, and one waiting on them),
// another team with its own blocker (whose ids must answer 404 to the member), and a newcomer who has signed up
// but is in no team yet. Their real ids and e-mail addresses are what hostile requests sometimes carry instead of
// made-up ones.
import { makeBlocker, makeEmail, makeTeam, okJson, signUp, type Teammate } from "../factories.ts";
import { eq } from "drizzle-orm";
import { apikey } from "../../db/schema.ts";
import { makeApiKey, ScriptClient } from "../script-client.ts";
import type { TestServer } from "../test-server.ts";
import type { Identity, KnownValues } from "./hostile-input.ts";

export type FuzzedTeams = {
  /** The cookies each identity sends (none when signed out). */
  cookies: Record<Identity, string | undefined>;
  /** The API key each identity sends (the member's, read and write; the others have none): /api/v1 and /api/mcp. */
  keys: Record<Identity, string | undefined>;
  known: KnownValues;
  /** Still as built: the member signed in and in the team, the newcomer signed in and in no team. */
  isIntact: () => Promise<boolean>;
};

type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const idOf = (value: unknown) => (isJson(value) && typeof value.id === "string" ? [value.id] : []);

async function authIds(person: Teammate): Promise<string[]> {
  const { json } = await person.client.request("/api/auth/get-session");
  return isJson(json) ? [...idOf(json.user), ...idOf(json.session)] : [];
}

export async function makeFuzzedTeams(server: TestServer): Promise<FuzzedTeams> {
  const [alice, bob] = (await makeTeam(server, ["Alice", "Bob"], "Fuzzed team")) as [Teammate, Teammate];
  const [carol, dave] = (await makeTeam(server, ["Carol", "Dave"], "Other team")) as [Teammate, Teammate];
  const openBlocker = await makeBlocker(alice, [bob], { title: "Open, own team" });
  const resolvedBlocker = await makeBlocker(alice, [bob], { title: "Resolved, own team" });
  expect200(await alice.client.post(`/api/blockers/${resolvedBlocker}/resolve`));
  // One the member is waited on for, so that their answers (done, decline, snooze) get past "not yours".
  const waitingOnMember = await makeBlocker(bob, [alice], { title: "Waiting on the member" });
  const otherTeamsBlocker = await makeBlocker(carol, [dave], { title: "Other team's" });

  const newcomer = server.client();
  const { email: newcomerEmail } = await signUp(newcomer, { mail: server.config.requireEmailVerification ? server.mail : undefined });

  // A pending invitation to someone else: its id is real, but not the newcomer's to accept.
  const invitedEmail = makeEmail("invited");
  await okJson(alice.client.api.team.invitations.$post({ json: { emails: [invitedEmail] } }));
  const invitations = (await alice.client.request("/api/auth/organization/list-invitations")).json;

  const teams = await Promise.all([alice, carol].map(async (person) => idOf((await person.client.request("/api/team")).json)));
  // A webhook of each team (at a name that never resolves), so that its routes get past "not found".
  const webhooks = await Promise.all(
    [alice, carol].map(async (person) => {
      const added = (await person.client.request("/api/team/webhooks", { json: { url: "https://fuzzed.invalid/hook", events: ["comment.created"] } })).json;
      return isJson(added) ? idOf(added.webhook) : [];
    }),
  );
  // Each team connected to GitHub, so that its routes get past "not connected" and deliveries name real connections.
  const githubConnections = await Promise.all(
    [alice, carol].map(async (person) => {
      const connected = (await person.client.request("/api/team/github", { method: "POST", json: {} })).json;
      return isJson(connected) ? idOf(connected.connection) : [];
    }),
  );
  const notifications = (await bob.client.request("/api/notifications")).json;
  // The member's API key, its stored limit raised so that a run of hostile requests reaches past the rate limit.
  const apiKey = await makeApiKey(alice, { name: "Fuzzed" });
  await server.deps.db.update(apikey).set({ rateLimitMax: 1_000_000 }).where(eq(apikey.id, apiKey.id));
  const people = [alice, bob, carol, dave];

  const ids = [
    openBlocker,
    resolvedBlocker,
    waitingOnMember,
    otherTeamsBlocker,
    ...people.map((person) => person.profileId),
    ...teams.flat(),
    ...webhooks.flat(),
    ...githubConnections.flat(),
    apiKey.id,
    ...(Array.isArray(invitations) ? invitations.flatMap(idOf) : []),
    ...(Array.isArray(notifications) ? notifications.flatMap(idOf) : []),
    ...(await Promise.all(people.map(authIds))).flat(),
  ];
  return {
    cookies: { "signed-out": undefined, member: alice.client.cookieHeader, newcomer: newcomer.cookieHeader },
    keys: { "signed-out": undefined, member: apiKey.key, newcomer: undefined },
    known: { ids, blockerIds: [openBlocker, resolvedBlocker, waitingOnMember, otherTeamsBlocker], profileIds: people.map((person) => person.profileId), teammateIds: [bob.profileId], emails: [...people.map((person) => person.email), newcomerEmail, invitedEmail] },
    isIntact: async () => {
      const [counters, onboarding, keyed] = await Promise.all([alice.client.request("/api/counters"), newcomer.request("/api/onboarding"), new ScriptClient(server.url, apiKey.key).get("/api/v1/me")]);
      return counters.status === 200 && onboarding.status === 200 && isJson(onboarding.json) && onboarding.json.team === null && keyed.status === 200;
    },
  };
}

function expect200(answer: { status: number; text: string }) {
  if (answer.status !== 200) throw new Error(`Setting up the fuzzed teams failed: ${answer.status} ${answer.text}`);
}
