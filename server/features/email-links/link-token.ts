// The token an e-mail's link carries: the link's id and a signature of it with the auth secret. A token whose
// signature does not match was made by someone else (or mistyped): it is refused before anything is looked up.
import { createHmac, timingSafeEqual } from "node:crypto";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const signatureOf = (id: string, secret: string) => createHmac("sha256", secret).update(`email-link:${id}`).digest("base64url").slice(0, 32);

export const linkToken = (id: string, secret: string) => `${id}.${signatureOf(id, secret)}`;

/** The link's id, when the token is one Holdup signed; undefined otherwise. */
export function readLinkToken(token: string, secret: string): string | undefined {
  const [id = "", signature = ""] = token.split(".");
  if (!UUID.test(id) || signature.length !== 32) return undefined;
  const expected = Buffer.from(signatureOf(id, secret));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
}
