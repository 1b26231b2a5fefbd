// A team for the soak benchmark, set up the way people do it, over HTTP (the server runs in another process, so
// nothing is written to its database directly): the owner signs up and creates the team, invites the others, who
// sign up, name themselves and accept with their link's token. Each person is a BrowserLikeClient with an address of their own.
import { BrowserLikeClient, type RawResponse } from "../server/test/browser-like-client.ts";
import { MAX_INVITES_AT_ONCE } from "../common/profile.ts";
import { STRONG_PASSWORD } from "../server/test/people.ts";

export type Person = { name: string; email: string; profileId: string; client: BrowserLikeClient };

async function expectStatus(answer: Promise<RawResponse>, status: number, what: string) {
  const response = await answer;
  if (response.status !== status) throw new Error(`${what}: expected ${status}, got ${response.status} ${response.text.slice(0, 300)}`);
  return response;
}

async function signUp(baseUrl: string, name: string, email: string) {
  const client = new BrowserLikeClient(baseUrl);
  await expectStatus(client.post("/api/auth/sign-up/email", { email, password: STRONG_PASSWORD, name: "" }), 200, `sign-up of ${email}`);
  await expectStatus(client.post("/api/onboarding/profile", { fullName: name, timezone: "Europe/Berlin" }), 200, `naming ${email}`);
  return client;
}

async function complete(client: BrowserLikeClient, name: string, email: string): Promise<Person> {
  const profile = await expectStatus(client.post("/api/onboarding/complete"), 200, `onboarding of ${email}`);
  return { name, email, profileId: (profile.json as { id: string }).id, client };
}

export async function setUpTeam(baseUrl: string, size: number, runId: string): Promise<Person[]> {
  const emailOf = (index: number) => `soak-${runId}-${index}@bench.example.com`;
  const owner = await signUp(baseUrl, "Person 0", emailOf(0));
  await expectStatus(owner.post("/api/onboarding/team", { name: "Soak team" }), 201, "team creation");
  const people = [await complete(owner, "Person 0", emailOf(0))];
  const others = Array.from({ length: size - 1 }, (_, index) => index + 1);
  // The token of each invitation's link, which proves it was received (no SMTP here: the inviter is given the link).
  const tokens = new Map<string, string>();
  for (let start = 0; start < others.length; start += MAX_INVITES_AT_ONCE) {
    const invited = await expectStatus(owner.post("/api/team/invitations", { emails: others.slice(start, start + MAX_INVITES_AT_ONCE).map(emailOf) }), 200, "invitations");
    for (const outcome of (invited.json as { outcomes: { email: string; link?: string }[] }).outcomes) {
      tokens.set(outcome.email, new URL(outcome.link ?? "http://x/").searchParams.get("invite") ?? "");
    }
  }
  for (const index of others) {
    const name = `Person ${index}`;
    const client = await signUp(baseUrl, name, emailOf(index));
    const token = tokens.get(emailOf(index)) ?? "";
    await expectStatus(client.post(`/api/invitations/${token}/accept`, { token }), 200, `invitation of ${emailOf(index)}`);
    people.push(await complete(client, name, emailOf(index)));
  }
  return people;
}
