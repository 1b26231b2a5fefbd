// Data factories shared by the integration and e2e tests: people who signed up, teams that were set up.
import { expect } from "vitest";
import type { AnyClientResponse, SuccessBody } from "../../common/api-response.ts";
import type { BrowserLikeClient } from "./browser-like-client.ts";
import { linkIn, type MailCatcher } from "./mail-catcher.ts";
import { makeEmail, STRONG_PASSWORD } from "./people.ts";

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
