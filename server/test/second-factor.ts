// A person who has turned the second factor on, for the tests that try to sign in as them.
import { expect } from "vitest";
import { authenticatorCode, authenticatorKeyOf } from "./authenticator.ts";
import type { BrowserLikeClient } from "./browser-like-client.ts";
import { onboard, signUp, STRONG_PASSWORD } from "./factories.ts";
import type { TestServer } from "./test-server.ts";

export type Enrolled = { email: string; key: string; backupCodes: string[]; client: BrowserLikeClient };

/** Signs up, onboards, and turns the second factor on with the authenticator app's first code. */
export async function enrolledPerson(server: TestServer): Promise<Enrolled> {
  const client = server.client();
  const { email } = await signUp(client, { mail: server.config.requireEmailVerification ? server.mail : undefined });
  await onboard(client);
  const enabled = await client.post("/api/auth/two-factor/enable", { password: STRONG_PASSWORD });
  expect(enabled.status, enabled.text).toBe(200);
  const { totpURI, backupCodes } = enabled.json as { totpURI: string; backupCodes: string[] };
  expect(totpURI).toMatch(/^otpauth:\/\/totp\/Holdup:/);
  expect(backupCodes).toHaveLength(10);
  const key = authenticatorKeyOf(totpURI);
  const verified = await client.post("/api/auth/two-factor/verify-totp", { code: await authenticatorCode(key) });
  expect(verified.status, verified.text).toBe(200);
  return { email, key, backupCodes, client };
}
